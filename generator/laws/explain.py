"""Explanations in Russian and English, built from a structured ruling.

Nothing here is written per case: each sentence comes from the irregularity's facts, the options
and the rectifications, through the templates below, and names the clauses it rests on. The text is
what a director would say at the table, in our own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.laws.ruling import Ruling
from generator.table.irregularities import Irregularity

if TYPE_CHECKING:
    from generator.table.state import Table

SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ru": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"},
}
SUIT_NAMES = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "ru": {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"},
}
KIND_TEXT = {
    "en": {
        "insufficient_bid": "{seat} made an insufficient bid ({call} after {last})",
        "change_of_call": "{seat} changed a call ({call} to {new})",
        "pass_out_of_rotation": "{seat} passed out of rotation ({turn} was to call)",
        "bid_out_of_rotation": "{seat} bid {call} out of rotation ({turn} was to call)",
        "double_out_of_rotation": "{seat} doubled out of rotation ({turn} was to call)",
        "redouble_out_of_rotation": "{seat} redoubled out of rotation ({turn} was to call)",
        "inadmissible_double": "{seat} made a double that the auction does not allow",
        "inadmissible_redouble": "{seat} made a redouble that the auction does not allow",
        "call_when_obliged_to_pass": "{seat} called {call} while obliged to pass",
        "bid_above_seven": "{seat} bid {call}, above the seven level",
        "call_after_final_pass": "{seat} called {call} after the auction had ended",
        "simultaneous_call": "{seat} called at the same moment as the player in turn",
        "card_exposed_during_auction": "{seat} exposed a card during the auction ({cards})",
        "opening_lead_out_of_turn": "{seat} made the opening lead out of turn ({card}; {turn} "
                                    "was to lead)",
        "lead_out_of_turn": "{seat} led out of turn ({card}; {turn} was to lead)",
        "declarer_lead_out_of_turn": "declarer led out of turn from {seat} ({card})",
        "exposed_card": "{seat} exposed {cards} other than in normal play",
        "premature_play": "{seat} played {card} before his partner had played",
        "premature_play_after_partner": "{seat} played {card} out of turn",
        "simultaneous_play": "{seat} played {card} at the same moment as another player",
        "revoke": "{seat} revoked: played {card} while holding a card of the suit led",
        "defective_trick": "a trick has the wrong number of cards",
        "claim": "{seat} claimed {tricks} of the remaining tricks",
        "concession": "{seat} conceded {tricks} of the remaining tricks",
        "wrong_number_of_cards": "{seat}'s hand has the wrong number of cards",
        "cards_from_wrong_board": "{seat} took the cards of another board",
        "play_out_of_turn": "declarer played {card} from {seat} out of turn",
        "penalty_card_not_played": "{seat} played {card} instead of the penalty card {penalty}",
        "review_request": "{seat} asked for a review ({what})",
        "explanation_request": "{seat} asked for an explanation of the opponents' calls",
    },
    "ru": {
        "insufficient_bid": "{seat} сделал недостаточную заявку ({call} после {last})",
        "change_of_call": "{seat} изменил заявку ({call} на {new})",
        "pass_out_of_rotation": "{seat} спасовал вне очереди (очередь была за {turn})",
        "bid_out_of_rotation": "{seat} назначил {call} вне очереди (очередь была за {turn})",
        "double_out_of_rotation": "{seat} дал контру вне очереди (очередь была за {turn})",
        "redouble_out_of_rotation": "{seat} дал реконтру вне очереди (очередь была за {turn})",
        "inadmissible_double": "{seat} дал контру, которую торговля не допускает",
        "inadmissible_redouble": "{seat} дал реконтру, которую торговля не допускает",
        "call_when_obliged_to_pass": "{seat} заявил {call}, хотя был обязан пасовать",
        "bid_above_seven": "{seat} назначил {call}, выше седьмого уровня",
        "call_after_final_pass": "{seat} заявил {call} после окончания торговли",
        "simultaneous_call": "{seat} сделал заявку одновременно с игроком, чья была очередь",
        "card_exposed_during_auction": "{seat} показал карту во время торговли ({cards})",
        "opening_lead_out_of_turn": "{seat} сделал первый ход вне очереди ({card}; ходить "
                                    "должен был {turn})",
        "lead_out_of_turn": "{seat} сделал ход вне очереди ({card}; ходить должен был {turn})",
        "declarer_lead_out_of_turn": "разыгрывающий пошёл вне очереди с руки {seat} ({card})",
        "exposed_card": "{seat} показал {cards} не при нормальной игре",
        "premature_play": "{seat} сыграл {card} раньше своего партнёра",
        "premature_play_after_partner": "{seat} сыграл {card} вне очереди",
        "simultaneous_play": "{seat} сыграл {card} одновременно с другим игроком",
        "revoke": "{seat} сделал фальшренонс: сыграл {card}, имея карту масти хода",
        "defective_trick": "во взятке неверное число карт",
        "claim": "{seat} заявил претензию на {tricks} из оставшихся взяток",
        "concession": "{seat} уступил {tricks} из оставшихся взяток",
        "wrong_number_of_cards": "в руке игрока {seat} неверное число карт",
        "cards_from_wrong_board": "{seat} взял карты из неправильной коробки",
        "play_out_of_turn": "разыгрывающий сыграл {card} с руки {seat} вне очереди",
        "penalty_card_not_played": "{seat} сыграл {card} вместо штрафной карты {penalty}",
        "review_request": "{seat} попросил повторить ({what})",
        "explanation_request": "{seat} попросил объяснить заявки оппонентов",
    },
}
RECT_TEXT = {
    "en": {
        "must_pass": {"throughout": "{seat} must pass whenever it is his turn to call",
                      "next_turn": "{seat} must pass at his next turn to call"},
        "no_double_or_redouble": "{seat} may not double or redouble at this turn",
        "must_repeat": "{seat} must repeat {call}",
        "lead_restriction": {
            "any_one": "if {seat}'s side defends, declarer may forbid {seat} to lead any one "
                       "suit at his first turn to lead",
            "suits": "if {seat}'s side defends, declarer may {may} a lead of {suits} by {seat} "
                     "at his first turn to lead",
            "penalty": "declarer has chosen to {may} a lead of {suits} by {seat} (the penalty "
                       "card is picked up)"},
        "call_cancelled": "the irregular call is cancelled",
        "call_stands": "the call stands as if it had been legal",
        "penalty_card": "{card} becomes a {major} penalty card of {seat}",
        "must_play": {
            "card": "{seat} must play {card}",
            "follow_suit": "{seat} must take back the card and play a legal one",
            "highest": "{seat} must play his highest card of the suit led",
            "lowest": "{seat} must play his lowest card of the suit led",
            "not_suit": "{seat} may not play a card of {suit_name}",
            "same_suit": "{seat} must lead a card of {suit_name} if he can"},
        "lead_stands": "the lead stands as if it had been made in turn",
        "request_permitted": "{seat} may have what he asked for now",
        "request_refused": "{seat} may not have it at this moment",
        "right_to_call_retained": "the auction is not over: {seat}, who lost his turn, calls now",
        "roles_swapped": "{declarer} becomes declarer",
        "trick_transfer": "{tricks} trick(s) are transferred to {to} at the end of play",
        "adjusted_score": "the director awards an adjusted score",
        "no_rectification": "there is no penalty and no lead restriction",
    },
    "ru": {
        "must_pass": {"throughout": "{seat} должен пасовать до конца торговли",
                      "next_turn": "{seat} должен пасовать в свою следующую очередь заявки"},
        "no_double_or_redouble": "{seat} не может давать контру или реконтру в эту очередь",
        "must_repeat": "{seat} должен повторить {call}",
        "lead_restriction": {
            "any_one": "если сторона игрока {seat} станет вистующей, разыгрывающий может "
                       "запретить игроку {seat} ход в любую одну масть при его первом ходе",
            "suits": "если сторона игрока {seat} станет вистующей, разыгрывающий может {may} "
                     "ход в {suits} при первом ходе игрока {seat}",
            "penalty": "разыгрывающий решил {may} игроку {seat} ход в {suits} (штрафная карта "
                       "убирается в руку)"},
        "call_cancelled": "нарушающая заявка аннулируется",
        "call_stands": "заявка остаётся в силе, как если бы была легальной",
        "penalty_card": "{card} становится {major} штрафной картой игрока {seat}",
        "must_play": {
            "card": "{seat} должен сыграть {card}",
            "follow_suit": "{seat} забирает карту и играет легальной картой",
            "highest": "{seat} должен сыграть старшей картой масти хода",
            "lowest": "{seat} должен сыграть младшей картой масти хода",
            "not_suit": "{seat} не может играть картой масти {suit_name}",
            "same_suit": "{seat} должен пойти в масть {suit_name}, если может"},
        "lead_stands": "ход остаётся в силе, как если бы был сделан в очередь",
        "request_permitted": "{seat} вправе получить то, о чём просит, сейчас",
        "request_refused": "{seat} не вправе получить это в данный момент",
        "right_to_call_retained": "торговля не окончена: {seat}, пропустивший очередь, "
                                  "заявляет сейчас",
        "roles_swapped": "разыгрывающим становится {declarer}",
        "trick_transfer": "после розыгрыша {to} получает взяток: {tricks}",
        "adjusted_score": "судья назначает присуждённый результат",
        "no_rectification": "наказания и ограничений на ход нет",
    },
}
MAY_TEXT = {
    "en": {"require": "require", "prohibit": "forbid", "or": " or ", "and": " and "},
    "ru": {"require": "потребовать", "prohibit": "запретить", "or": " или ", "and": " и "},
}
OPTION_TEXT = {
    "en": "{seat} may choose: {ids}",
    "ru": "{seat} может выбрать: {ids}",
}
CHOSEN_TEXT = {
    "en": "{seat} chose: {id}",
    "ru": "{seat} выбрал: {id}",
}
NOTE_TEXT = {
    "en": {
        "information": "information from the withdrawn call is authorised for {side}"
                       "{condition}",
        "premature_correction": "the offender corrected himself before the ruling",
        "rectification_forfeited": "the non-offending side acted before the director was "
                                   "called, so it loses its right to a penalty",
        "accepted_by_play": "the next player's play accepted it",
        "options_forfeited": "declarer played on before choosing, so his options are lost",
        "cannot_comply": "a player who cannot comply plays any legal card",
        "cannot_be_accepted": "such a call cannot be accepted",
        "revoke_established": "the revoke is established: it stands and is settled at the end",
        "later_change_allowed": "the other side may now change a later call without penalty",
        "misinformation_change_too_late": "a change after misinformation is too late once "
                                          "partner has called",
        "procedural_penalty_possible": "the director may add a procedural penalty",
        "dummy_limited": "dummy may not act on his own account during the play",
        "dummy_may_ask_declarer": "dummy may ask declarer whether he has a card of the suit led",
        "dummy_card_named_by_declarer": "dummy's cards are played by declarer naming them",
        "arrangement_of_tricks": "the played cards stay in front of each player in order",
    },
    "ru": {
        "information": "информация из отменённой заявки легальна для {side}{condition}",
        "premature_correction": "нарушитель исправил себя до решения судьи",
        "rectification_forfeited": "ненарушившая сторона действовала до вызова судьи и "
                                   "теряет право на наказание",
        "accepted_by_play": "игра следующего игрока означает принятие",
        "options_forfeited": "разыгрывающий сыграл дальше, не выбрав, и теряет выбор",
        "cannot_comply": "игрок, который не может выполнить требование, играет любой "
                         "легальной картой",
        "cannot_be_accepted": "такую заявку нельзя принять",
        "revoke_established": "фальшренонс утверждён: взятка остаётся, расчёт после розыгрыша",
        "later_change_allowed": "другая сторона может изменить последующую заявку без наказания",
        "misinformation_change_too_late": "после заявки партнёра менять заявку из-за "
                                          "дезинформации поздно",
        "procedural_penalty_possible": "судья может назначить процедурное наказание",
        "dummy_limited": "болван не может действовать по своей инициативе во время розыгрыша",
        "dummy_may_ask_declarer": "болван может спросить разыгрывающего, нет ли у него карты "
                                  "масти хода",
        "dummy_card_named_by_declarer": "картами болвана играет разыгрывающий, называя их",
        "arrangement_of_tricks": "сыгранные карты лежат перед каждым игроком по порядку",
    },
}
CONDITION_TEXT = {"en": {"penalty_paid": " once the penalty has been paid"},
                  "ru": {"penalty_paid": " после исполнения наказания"}}
LAW_WORD = {"en": "Law", "ru": "правило"}
FLAG_TEXT = {
    "en": {"enforced_pass_may_damage": "if the enforced pass damages the other side and the "
                                       "offender could have known it would, the director may "
                                       "adjust the score",
           "partner_opened_after_cancelled_pass": "the offender's partner opened the bidding "
                                                  "after the cancelled pass: the director "
                                                  "judges whether to adjust",
           "equity_check": "if the transfer does not make up for the damage, the director "
                           "assigns an adjusted score",
           "twelfth_trick_correction": "the revoke on the twelfth trick is corrected and the "
                                       "last two tricks are settled by the director",
           "declarer_chooses_partner_card": "declarer may require the offender's partner to "
                                            "play either of his two cards to the twelfth trick",
           "defective_trick_found_late": "the defective trick was noticed too late to be put "
                                         "right at once: the director settles it"},
    "ru": {"enforced_pass_may_damage": "если вынужденный пас нанёс ущерб ненарушившей стороне и "
                                       "нарушитель мог это предвидеть, судья может назначить "
                                       "присуждённый результат",
           "partner_opened_after_cancelled_pass": "партнёр нарушителя открыл торговлю после "
                                                  "отменённого паса: судья решает, нужен ли "
                                                  "присуждённый результат",
           "equity_check": "если передача взяток не возмещает ущерб, судья назначает "
                           "присуждённый результат",
           "twelfth_trick_correction": "фальшренонс в 12-й взятке исправляется, последние две "
                                       "взятки определяет судья",
           "declarer_chooses_partner_card": "разыгрывающий может потребовать от партнёра "
                                            "нарушителя любую из двух его карт в 12-й взятке",
           "defective_trick_found_late": "дефектная взятка обнаружена слишком поздно для "
                                         "немедленного исправления: решает судья"},
}


def _seat(value: Any, lang: str) -> str:
    return SEAT_NAMES[lang].get(str(value), str(value))


def _sentence(text: str, laws: list[str], lang: str) -> str:
    cited = f" ({LAW_WORD[lang]} {', '.join(laws)})" if laws else ""
    return text[0].upper() + text[1:] + cited + "."


OPTION_LABELS = {
    "en": {"accept": "accept it", "refuse": "refuse it", "spread": "spread his hand and become "
           "dummy", "none": "leave it as it is", "highest": "require the highest card of the suit "
           "led", "lowest": "require the lowest card of the suit led",
           "first_call_stands": "let the first call stand", "other_call": "make another call",
           "keep": "keep his card", "withdraw": "take his card back", "cancel": "have the deal "
           "cancelled", "continue": "play the deal", "substitute": "require the penalty card "
           "instead", "require": "require a lead of {suit}", "prohibit": "forbid a {suit} "
           "lead"},
    "ru": {"accept": "принять", "refuse": "не принять", "spread": "открыть свою руку и стать "
           "болваном", "none": "ничего не требовать", "highest": "потребовать старшую карту масти "
           "хода", "lowest": "потребовать младшую карту масти хода",
           "first_call_stands": "оставить первую заявку", "other_call": "сделать другую заявку",
           "keep": "оставить свою карту", "withdraw": "забрать свою карту",
           "cancel": "аннулировать сдачу", "continue": "играть сдачу",
           "substitute": "потребовать сыграть штрафную карту",
           "require": "потребовать ход в {suit}", "prohibit": "запретить ход в {suit}"},
}
#: Suit names in the accusative (for "a lead of ..." / "ход в ...").
SUIT_ACCUSATIVE = {"en": SUIT_NAMES["en"],
                   "ru": {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"}}


def _kind_key(kind: str, details: dict[str, Any]) -> str:
    """The sentence to use for a kind: a defender playing out of turn after his partner has
    played is not 'before his partner'."""
    if kind == "premature_play" and details.get("partner_played"):
        return "premature_play_after_partner"
    return kind


def option_label(option_id: str, lang: str) -> str:
    """A ruling's option id in words (``require_H`` → "require a lead of hearts")."""
    verb, _, suit = option_id.partition("_")
    if verb in ("require", "prohibit") and suit:
        suit_name = SUIT_ACCUSATIVE[lang].get(suit, suit)
        return OPTION_LABELS[lang][verb].format(suit=suit_name)
    return OPTION_LABELS[lang].get(option_id, option_id.replace("_", " "))


def describe_fact(kind: str, seat: str | None, details: dict[str, Any], lang: str) -> str:
    """One sentence naming the irregularity (no law cited)."""
    facts = dict(details)
    facts["seat"] = _seat(seat, lang) if seat else ""
    facts["turn"] = _seat(facts.get("turn", ""), lang)
    template = KIND_TEXT[lang].get(_kind_key(kind, details), kind)
    try:
        text = template.format(**facts)
    except KeyError:
        text = template.split(" (")[0].format_map(_Blank(facts))
    return text[0].upper() + text[1:] + "."


class _Blank(dict[str, Any]):
    """Formatting values where a missing fact reads as a blank rather than an error."""

    def __missing__(self, key: str) -> str:
        return ""


def rectification_text(rect: dict[str, Any], lang: str) -> str:
    """A rectification in words, without its law."""
    return _rect_text(rect, lang)


def _rect_text(rect: dict[str, Any], lang: str) -> str:
    template = RECT_TEXT[lang].get(rect["kind"], rect["kind"])
    fields = {k: _seat(v, lang) if k in ("seat", "declarer") else v for k, v in rect.items()}
    if "suit" in rect:
        fields["suit_name"] = SUIT_NAMES[lang].get(str(rect["suit"]), rect["suit"])
    if isinstance(template, dict):
        if rect["kind"] == "must_pass":
            template = template[rect.get("scope", "throughout")]
        elif rect["kind"] == "must_play":
            template = template["card" if "card" in rect else rect.get("rule", "follow_suit")]
        else:
            key = "any_one" if rect.get("suits") == "any_one" else "suits"
            if key == "suits" and not str(rect.get("law", "26")).startswith("26"):
                key = "penalty"  # declarer's choice under 50E/51B, already made
            template = template[key]
            if key != "any_one":
                joiner = MAY_TEXT[lang]["and" if key == "penalty" else "or"]
                fields["suits"] = joiner.join(SUIT_NAMES[lang][s] for s in rect["suits"])
                fields["may"] = MAY_TEXT[lang]["or"].join(MAY_TEXT[lang][m] for m in rect["may"])
    if rect["kind"] == "penalty_card":
        fields["major"] = ("major" if rect.get("major") else "minor") if lang == "en" else (
            "старшей" if rect.get("major") else "младшей")
    try:
        return str(template.format(**fields))
    except KeyError:
        return str(template)


def explain(ruling: Ruling, fact: Irregularity, table: Table, lang: str) -> str:
    """The director's explanation of a ruling, in ``lang`` ("en" or "ru")."""
    facts: dict[str, Any] = dict(fact.details)
    facts["seat"] = _seat(fact.seat, lang) if fact.seat else ""
    facts["turn"] = _seat(facts.get("turn", ""), lang)
    template = KIND_TEXT[lang].get(_kind_key(fact.kind.value, dict(fact.details)),
                                   fact.kind.value)
    try:
        opening = template.format(**facts)
    except KeyError:
        opening = template.split(" (")[0].format(**facts)
    kind_laws = ruling.laws[:1]
    sentences = [_sentence(opening, kind_laws, lang)]
    data = ruling.to_dict()
    for option in data["options"]:
        if "chosen" not in option:
            sentences.append(_sentence(OPTION_TEXT[lang].format(
                seat=_seat(option["seat"], lang),
                ids="; ".join(option_label(i, lang) for i in option["ids"])), [], lang))
        else:
            sentences.append(_sentence(CHOSEN_TEXT[lang].format(
                seat=_seat(option["seat"], lang), id=option_label(option["chosen"], lang)),
                [], lang))
    for rect in data["rectifications"]:
        law = [rect["law"]] if rect.get("law") else []
        sentences.append(_sentence(_rect_text(rect, lang), law, lang))
    for note in ruling.notes:
        text = NOTE_TEXT[lang].get(note["topic"], note["topic"])
        fields = {"side": note.get("side", ""),
                  "condition": CONDITION_TEXT[lang].get(note.get("condition", ""), "")}
        sentences.append(_sentence(text.format(**fields), [note["law"]], lang))
    for flag in ruling.flags:
        text = FLAG_TEXT[lang].get(flag["reason"], flag["reason"])
        sentences.append(_sentence(text, [flag["law"]], lang))
    return " ".join(sentences)
