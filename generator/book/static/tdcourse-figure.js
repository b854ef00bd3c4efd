/* The full-size view of a figure (a hand diagram, a flow chart): generator.book.diagrams.figure
   writes a hidden button in each figure; this script shows it and, on a click, opens the figure's
   wide form at its drawn size in a modal <dialog> that scrolls both ways. The dialog is the
   browser's own: it traps the focus, Esc closes it, and the focus then returns to the button.
   No network, no library: it works from a page opened from disk. */
(function () {
  "use strict";

  var dialog = null;
  var opener = null;

  function build(closeText) {
    var d = document.createElement("dialog");
    d.className = "tdc-zoom-dialog";
    var bar = document.createElement("div");
    bar.className = "tdc-zoom-bar";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "tdc-zoom-close";
    close.textContent = closeText;
    close.addEventListener("click", function () { d.close(); });
    bar.appendChild(close);
    var body = document.createElement("div");
    body.className = "tdc-zoom-body";
    d.appendChild(bar);
    d.appendChild(body);
    d.addEventListener("close", function () {
      body.textContent = "";
      if (opener) { opener.focus(); opener = null; }
    });
    document.body.appendChild(d);
    return d;
  }

  function open(button) {
    var figure = button.closest(".tdc-figure");
    var wide = figure && figure.querySelector("svg.tdc-wide");
    if (!wide) return;
    if (!dialog) dialog = build(button.getAttribute("data-close") || "Close");
    dialog.querySelector(".tdc-zoom-close").textContent =
      button.getAttribute("data-close") || "Close";
    var copy = wide.cloneNode(true);
    // the copy must not repeat the page's ids; it is named by the figure it shows
    copy.removeAttribute("aria-describedby");
    copy.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
    copy.removeAttribute("style");
    copy.setAttribute("width", wide.getAttribute("width"));
    copy.setAttribute("height", wide.getAttribute("height"));
    var body = dialog.querySelector(".tdc-zoom-body");
    body.textContent = "";
    body.appendChild(copy);
    dialog.setAttribute("aria-label", wide.getAttribute("aria-label") || "");
    opener = button;
    dialog.showModal();
    body.scrollTop = 0;
    body.scrollLeft = 0;
    dialog.querySelector(".tdc-zoom-close").focus();
  }

  function init() {
    document.querySelectorAll(".tdc-figure > button.tdc-zoom").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { open(button); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
