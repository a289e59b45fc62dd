"""The hand-worked Pisanki games: boards, scoring cards and the numbers worked by hand.

Writes one JSON case per game beside this file. Cells: see tests/games/pisanki_boards.py.
Positions in `worked` are row, column from 0 (r2c1 = third row, second column).
"""

from __future__ import annotations

from make_case import write

ALA1 = ["cP cP cP sR sR sR",
        "cP cP cP sR sR sR",
        "dO dO nG2 nG2 dB dB",
        "dO+p dY dG dG dB dB"]
OLEK1 = ["sP sP . cR cR cR",
         "sP dO dO dO cY cY",
         "nB2 nB2 sG sG cY cY",
         ". sG+bb sG dP dP dP"]

write(
    "g01_two_players_bunny",
    {"eggs": {"purple": 1, "red": 2, "orange": 5, "yellow": 6, "green": 7, "blue": 17},
     "flowers": 1, "tablecloths": 1, "display": 1},
    [("Ala", ALA1), ("Olek", OLEK1)],
    {"Ala": {"egg:purple": 12, "egg:red": 16, "egg:orange": 4, "egg:yellow": 1, "egg:green": 6,
             "egg:blue": 4, "flowers": 1, "tablecloths": 10, "display": 5, "total": 59},
     "Olek": {"egg:purple": 0, "egg:red": 6, "egg:orange": 4, "egg:yellow": 0, "egg:green": 0,
              "egg:blue": 2, "flowers": 2, "tablecloths": 7, "display": 0, "total": 21}},
    ["Ala"],
    [
        "purple card 1: Ala group 6 (6 cards), Bunny 4, Olek group 3 (6 cards): Ala 1st 12, "
        "Bunny 2nd, Olek 3rd; with 2 players only 1st scores.",
        "red card 2, Ala: six striped reds r0c3..r1c5; same-cloth diagonals 1+2+1+1+2+1 = 8 -> 16.",
        "red card 2, Olek: reds r0c3..r0c5 on checked; each has one checked diagonal "
        "(r1c4 / r1c5 yellow) -> 3 x 2 = 6.",
        "orange card 5: Ala r2c1 touches neutral r2c2 -> 4; Olek r1c1 touches neutral r2c1 -> 4.",
        "yellow card 6: Ala r3c1 touches r3c0 (1 pink) -> 1; Olek's yellows touch no flower.",
        "green card 7: Ala r2c2 r2c3 r3c2 r3c3 form a square -> 6; Olek none.",
        "blue card 17: Ala's 4 blues each touch a blue -> 4; Olek's 2 neutral doubles -> 2.",
        "flowers 1: Ala 1, Olek 2 (one card with 2 blue).",
        "tablecloths 1: Ala's dotted group r2c0 r2c1 r3c0..r3c5 r2c4 r2c5 = 10; Olek's "
        "checked group r0c3..r0c5 r1c4 r1c5 r2c4 r2c5 = 7.",
        "display 1: Ala full -> 5; Olek has 2 face-down -> 0.",
    ],
    bunny={"purple": 4, "red": 3, "orange": 5, "yellow": 2, "green": 4, "blue": 3},
)

ALA2 = ["cR cR sB sB dP .",
        "cR sR sB dG dG .",
        "dY+u nO2 sY cG+pp dG .",
        "c+yy sO dY cO cG ."]
OLEK2 = ["sR sR sR . . .",
         "cB cB cB cB dY nP2",
         "dG dG dG dG+b dO sO",
         "nG2 sP+p cY cY+y dR dR"]

write(
    "g02_two_players_bunny_ties_face_down",
    {"eggs": {"purple": 3, "red": 16, "orange": 4, "yellow": 10, "green": 12, "blue": 11},
     "flowers": 2, "tablecloths": 2, "display": 2},
    [("Ala", ALA2), ("Olek", OLEK2)],
    {"Ala": {"egg:purple": 0, "egg:red": 14, "egg:orange": 8, "egg:yellow": 8, "egg:green": 0,
             "egg:blue": 0, "flowers": 5, "tablecloths": 6, "display": -8, "total": 33},
     "Olek": {"egg:purple": 3, "egg:red": 0, "egg:orange": 5, "egg:yellow": 8, "egg:green": 0,
              "egg:blue": 10, "flowers": -2, "tablecloths": 6, "display": -6, "total": 24}},
    ["Ala"],
    [
        "purple card 3: Ala r0c4 dotted, its only face-up diagonal r1c3 is dotted -> 0; Olek "
        "r1c5 neutral vs dotted r2c4 -> 1, r3c1 striped vs dotted r2c0, r2c2 -> 2: 3.",
        "red card 16: Ala group 4 ties the Bunny's 4, the Bunny loses ties -> Ala 1st 14; "
        "Olek group 3 is 3rd -> 0.",
        "orange card 4: Ala r2c1 diagonals checked/striped/checked/dotted = 3 kinds -> 4, "
        "r3c1 dotted+striped -> 2, r3c3 striped+dotted -> 2: 8; Olek r2c4 checked/neutral/"
        "checked/dotted -> 4, r2c5 dotted only -> 1: 5.",
        "yellow card 10: Ala r2c0 (below: flowers) 4, r2c2 (right: 2 pink) 4, r3c2 none: 8; "
        "Olek r1c4 none, r3c2 (left: pink) 4, r3c3 (above: blue) 4: 8.",
        "green card 12: no three greens on one diagonal line for either.",
        "blue card 11: Olek group 4 ties the Bunny's 4 -> Olek 1st 10; Ala group 3 -> 0.",
        "flowers 2: Ala's richest group r2c0 (1) + r3c0 (2) = 3, Olek's r2c3 + r3c3 = 2: "
        "Ala +5, Olek -2.",
        "tablecloths 2: Ala 7 checked, 6 striped, 6 dotted, 1 neutral -> 6 sets; Olek 6, 5, 8, "
        "2 -> 6 sets.",
        "display 2: Ala 4 face-down -> -8; Olek 3 -> -6.",
    ],
    bunny={"purple": 2, "red": 4, "orange": 3, "yellow": 5, "green": 6, "blue": 4},
)

write(
    "g03_two_players_other_cards",
    {"eggs": {"purple": 11, "red": 3, "orange": 9, "yellow": 14, "green": 13, "blue": 15},
     "flowers": 3, "tablecloths": 3, "display": 3},
    [("Ala", ALA1), ("Olek", OLEK1)],
    {"Ala": {"egg:purple": 10, "egg:red": 7, "egg:orange": 1, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 0, "flowers": 0, "tablecloths": 4, "display": 4, "total": 28},
     "Olek": {"egg:purple": 0, "egg:red": 2, "egg:orange": 0, "egg:yellow": 6, "egg:green": 0,
              "egg:blue": 0, "flowers": 0, "tablecloths": 4, "display": 0, "total": 12}},
    ["Ala"],
    [
        "purple card 11: Ala 6 ties the Bunny's 6 and wins the tie -> 10; Olek 3rd -> 0.",
        "red card 3: Ala r0c3 1, r0c4 0, r0c5 0, r1c3 3 (checked, neutral, dotted), r1c4 2, "
        "r1c5 1 = 7; Olek r0c3 1, r0c4 1, r0c5 0 = 2.",
        "orange card 9: Ala r2c0 has 1 pink below (r3c0) -> 1; Olek none.",
        "yellow card 14: Ala r3c1 sees orange and green -> 2; Olek r1c4 {red, green} 2, r1c5 "
        "{red} 1, r2c4 {orange, purple} 2, r2c5 {purple} 1 = 6.",
        "green 13 / blue 15: no T and no L (Ala's greens and blues are 2x2 squares).",
        "flowers 3: nobody has 4 different flowers.",
        "tablecloths 3: smallest groups are both neutral pairs -> 2 x 2 = 4 each.",
        "display 3: Ala 26 eggs (two doubles), Olek 24 -> Ala +2 x 2 = 4.",
    ],
    bunny={"purple": 6, "red": 2, "orange": 1, "yellow": 5, "green": 3, "blue": 2},
)

ALA3 = ["cP cP sR sR dO dO",
        "cP cP sR sR dO dO",
        "nY2 sG sG sB cB+bb c+pp",
        "nY2 dG dG sB cB ."]
BO3 = ["sP sP sP sP dR dR",
       "cO cO cO dG dG dR",
       "sY+b sY cB nB2 dG dR",
       "cY cY+u cB sB dO dO"]
CY3 = ["dR dR dR . . .",
       "dP dP cP cP sG sG",
       "sO sO sO nR2 sG sG",
       "cB+b d+yy cY sY+p cB cB"]

write(
    "g04_three_players_majority_ties",
    {"eggs": {"purple": 16, "red": 1, "orange": 17, "yellow": 8, "green": 2, "blue": 5},
     "flowers": 2, "tablecloths": 1, "display": 1},
    [("Ala", ALA3), ("Bo", BO3), ("Cy", CY3)],
    {"Ala": {"egg:purple": 14, "egg:red": 12, "egg:orange": 4, "egg:yellow": 0, "egg:green": 6,
             "egg:blue": 0, "flowers": 5, "tablecloths": 8, "display": 0, "total": 49},
     "Bo": {"egg:purple": 14, "egg:red": 12, "egg:orange": 5, "egg:yellow": 4, "egg:green": 14,
            "egg:blue": 8, "flowers": -2, "tablecloths": 9, "display": 5, "total": 69},
     "Cy": {"egg:purple": 14, "egg:red": 0, "egg:orange": 3, "egg:yellow": 0, "egg:green": 10,
            "egg:blue": 0, "flowers": 0, "tablecloths": 5, "display": 0, "total": 32}},
    ["Bo"],
    [
        "purple card 16: all three have a group of 4 and 4 purple cards: three firsts, 14 each.",
        "red card 1: Ala and Bo 4 (4 cards) tie on both stages -> 12 each; Cy 3 is 3rd -> 0.",
        "orange card 17: Ala 4, Bo 3 + 2, Cy 3 oranges touching another orange.",
        "yellow card 8: Bo r2c1 and r3c0 each touch the 1 blue flower of r2c0 -> 2 + 2.",
        "green card 2: Ala r2c1 2, r2c2 4; Bo r1c3 4, r1c4 4, r2c4 6; Cy 2 + 2 + 4 + 2.",
        "blue card 5: Bo r2c2 and r3c3 touch neutral r2c3 -> 8; nobody else touches neutral.",
        "flowers 2: groups Ala 4, Bo 1, Cy 3: Ala +5, Bo -2.",
        "tablecloths 1: Ala striped 8, Bo dotted 9, Cy dotted 5.",
        "display 1: only Bo has no face-down card.",
    ],
)

write(
    "g05_three_players_shapes_and_display",
    {"eggs": {"purple": 13, "red": 11, "orange": 12, "yellow": 9, "green": 14, "blue": 7},
     "flowers": 1, "tablecloths": 2, "display": 3},
    [("Ala", ALA3), ("Bo", BO3), ("Cy", CY3)],
    {"Ala": {"egg:purple": 0, "egg:red": 10, "egg:orange": 0, "egg:yellow": 0, "egg:green": 8,
             "egg:blue": 6, "flowers": 4, "tablecloths": 7, "display": 6, "total": 41},
     "Bo": {"egg:purple": 0, "egg:red": 10, "egg:orange": 0, "egg:yellow": 1, "egg:green": 9,
            "egg:blue": 6, "flowers": 2, "tablecloths": 7, "display": 10, "total": 45},
     "Cy": {"egg:purple": 0, "egg:red": 0, "egg:orange": 0, "egg:yellow": 0, "egg:green": 5,
            "egg:blue": 0, "flowers": 4, "tablecloths": 6, "display": 0, "total": 15}},
    ["Bo"],
    [
        "purple 13 / orange 12: no T of purple eggs and no diagonal line of 3 oranges.",
        "red card 11: Ala and Bo tie at 4 -> 10 each; Cy 3rd -> 0.",
        "yellow card 9: Bo r3c0 has 1 purple flower beside it (r3c1) -> 1.",
        "green card 14: Ala 3 + 3 + 1 + 1, Bo 3 + 3 + 3, Cy 1 + 0 + 3 + 1.",
        "blue card 7: Ala r2c3 r2c4 r3c3 r3c4 and Bo r2c2 r2c3 r3c2 r3c3 are squares -> 6.",
        "flowers 1: Ala 4, Bo 2, Cy 4.",
        "tablecloths 2: Ala 7/8/6/2 -> 7, Bo 7/7/9/1 -> 7, Cy 6/8/6/1 -> 6 sets.",
        "display 3: eggs Ala 24, Bo 25, Cy 21; Ala +3 over Cy -> 6, Bo +1 and +4 -> 10.",
    ],
)

ADA = ["cR cR cR sB sB sB",
       "dG dG nP2 sO+y sO dY",
       "dG dG cP cO+y cO dY"]
BEN = ["sR sR cG cG . .",
       "sR dB cG cG sY sY",
       "c+pp dB dB sP+u sY cO"]
CAT = ["dR dR dR dR cB cB",
       "nO2 sG sG sG cB cB",
       "cY cY sP sP sP d+uu"]
DAN = ["cP cP sP sP dR dR",
       "cP cP sY sY dR dR",
       "nB2 nB2 sG+b sG+b dO dO"]
FOUR = [("Ada", ADA), ("Ben", BEN), ("Cat", CAT), ("Dan", DAN)]

write(
    "g06_four_players_places_and_ties",
    {"eggs": {"purple": 1, "red": 16, "orange": 2, "yellow": 6, "green": 7, "blue": 11},
     "flowers": 2, "tablecloths": 3, "display": 2},
    FOUR,
    {"Ada": {"egg:purple": 3, "egg:red": 3, "egg:orange": 6, "egg:yellow": 0, "egg:green": 6,
             "egg:blue": 5, "flowers": 5, "tablecloths": 2, "display": 0, "total": 30},
     "Ben": {"egg:purple": 0, "egg:red": 3, "egg:orange": 0, "egg:yellow": 1, "egg:green": 6,
             "egg:blue": 5, "flowers": 5, "tablecloths": 2, "display": -4, "total": 18},
     "Cat": {"egg:purple": 6, "egg:red": 14, "egg:orange": 0, "egg:yellow": 0, "egg:green": 0,
             "egg:blue": 10, "flowers": 5, "tablecloths": 2, "display": 0, "total": 37},
     "Dan": {"egg:purple": 12, "egg:red": 14, "egg:orange": 4, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 0, "flowers": 5, "tablecloths": 4, "display": 0, "total": 41}},
    ["Dan"],
    [
        "purple card 1: Dan 6, Cat 3, Ada 2, Ben 1 -> 12 / 6 / 3 / 0.",
        "red card 16: Cat and Dan 4 (4 cards) share 1st (14 each); Ada and Ben 3 (3 cards) "
        "share the next place, 3rd (3 each).",
        "orange card 2: Ada r1c3 2, r1c4 4 (striped diagonals); Dan r2c4 2, r2c5 2.",
        "yellow card 6: Ben r2c4 touches r2c3's purple flower -> 1; Dan r1c2, r1c3 each "
        "touch a blue flower below -> 2.",
        "green card 7: Ada and Ben each have one 2x2 green square -> 6.",
        "blue card 11: Cat 4 -> 10; Ada and Ben 3 (3 cards) share 2nd -> 5 each; Dan 4th.",
        "flowers 2: every richest flower group is 2 -> all +5, nobody loses.",
        "tablecloths 3: smallest groups: Ada neutral 1, Ben 1 (checked r2c0 between striped "
        "and dotted), Cat 1, Dan neutral 2 -> 2/2/2/4.",
        "display 2: Ben has 2 face-down cards -> -4.",
    ],
)

write(
    "g07_four_players_neighbours",
    {"eggs": {"purple": 17, "red": 12, "orange": 10, "yellow": 4, "green": 15, "blue": 3},
     "flowers": 3, "tablecloths": 1, "display": 3},
    FOUR,
    {"Ada": {"egg:purple": 2, "egg:red": 0, "egg:orange": 16, "egg:yellow": 3, "egg:green": 0,
             "egg:blue": 2, "flowers": 0, "tablecloths": 5, "display": 8, "total": 36},
     "Ben": {"egg:purple": 0, "egg:red": 0, "egg:orange": 0, "egg:yellow": 5, "egg:green": 0,
             "egg:blue": 6, "flowers": 0, "tablecloths": 4, "display": 0, "total": 15},
     "Cat": {"egg:purple": 3, "egg:red": 0, "egg:orange": 0, "egg:yellow": 3, "egg:green": 0,
             "egg:blue": 5, "flowers": 0, "tablecloths": 6, "display": 6, "total": 23},
     "Dan": {"egg:purple": 6, "egg:red": 0, "egg:orange": 4, "egg:yellow": 6, "egg:green": 0,
             "egg:blue": 3, "flowers": 0, "tablecloths": 6, "display": 6, "total": 31}},
    ["Ada"],
    [
        "purple card 17: Ada 2, Cat 3, Dan 6 purple eggs touching another purple.",
        "red 12 / green 15: no diagonal line of 3 reds, no L of greens.",
        "orange card 10: Ada's four oranges all touch a flowered card -> 16; Dan r2c4 -> 4.",
        "yellow card 4: Ada 2 + 1, Ben 2 + 1 + 2, Cat 1 + 2, Dan 4 (3 cloths) + 2.",
        "blue card 3: Ada 1 + 1 + 0, Ben 3 + 2 + 1, Cat 1 + 0 + 3 + 1, Dan 1 + 2.",
        "flowers 3: nobody has all 4 flower kinds.",
        "tablecloths 1: largest groups Ada 5, Ben 4, Cat 6, Dan 6.",
        "display 3: eggs Ada 19, Ben 15, Cat 18, Dan 20; seating circle Ada-Ben-Cat-Dan: "
        "Ada +4 over Ben -> 8; Cat +3 over Ben -> 6; Dan +2 over Cat and +1 over Ada -> 6.",
    ],
)

ELA = ["cR cR cR sB dB",
       "cR sG sG sB dB",
       "nY2 sG sG d+pp dO"]
FIN = ["sP sP sP sP sP",
       "dR dR cO cO cO",
       "dR dR cY+b cY+b ."]
GUS = ["dB dB . . .",
       "dB nR2 sR sR cG",
       "cY+u cY+u sR sO cG"]
HAL = ["sG sG sG cP cP",
       "sG dY dY cP cP",
       "nO2 dY dB sB sB"]
IVY = ["cO cO dR dR dR",
       "cO cO dR nB2 sG+y",
       "cP sP sP sP sG+y"]
FIVE = [("Ela", ELA), ("Fin", FIN), ("Gus", GUS), ("Hal", HAL), ("Ivy", IVY)]

write(
    "g08_five_players_four_way_tie",
    {"eggs": {"purple": 16, "red": 1, "orange": 11, "yellow": 17, "green": 5, "blue": 2},
     "flowers": 1, "tablecloths": 2, "display": 1},
    FIVE,
    {"Ela": {"egg:purple": 0, "egg:red": 12, "egg:orange": 2, "egg:yellow": 0, "egg:green": 4,
             "egg:blue": 6, "flowers": 2, "tablecloths": 4, "display": 5, "total": 35},
     "Fin": {"egg:purple": 14, "egg:red": 12, "egg:orange": 5, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 0, "flowers": 2, "tablecloths": 4, "display": 0, "total": 39},
     "Gus": {"egg:purple": 0, "egg:red": 12, "egg:orange": 2, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 4, "flowers": 2, "tablecloths": 4, "display": 0, "total": 26},
     "Hal": {"egg:purple": 7, "egg:red": 0, "egg:orange": 2, "egg:yellow": 3, "egg:green": 4,
             "egg:blue": 2, "flowers": 0, "tablecloths": 4, "display": 5, "total": 27},
     "Ivy": {"egg:purple": 7, "egg:red": 12, "egg:orange": 10, "egg:yellow": 0, "egg:green": 4,
             "egg:blue": 0, "flowers": 2, "tablecloths": 5, "display": 5, "total": 45}},
    ["Ivy"],
    [
        "purple card 16: Fin 5 -> 14; Hal and Ivy 4 (4 cards) share 2nd -> 7 each; Ela and "
        "Gus have no purple (0 never scores).",
        "red card 1: Ela, Fin, Gus and Ivy all 4 with 4 cards -> four firsts, 12 each.",
        "orange card 11: Ivy 4 -> 10, Fin 3 -> 5, Ela, Gus, Hal 1 (1 card) share 3rd -> 2.",
        "yellow card 17: Fin 2, Gus 2, Hal 3 yellows touching a yellow.",
        "green card 5: Ela r2c1, Hal r1c0 and Ivy r1c4 touch a neutral card -> 4 each.",
        "blue card 2: Ela 2 + 0 + 2 + 2, Gus 0 + 2 + 2, Hal 2.",
        "flowers 1: Ela 2, Fin 2, Gus 2, Hal 0, Ivy 2.",
        "tablecloths 2: Ela 4/6/4/1 -> 4, Fin 5/4/5/0 -> 4, Gus 3/1/4/4 -> 4, Hal 6/4/4/1 -> 4, "
        "Ivy 5/4/1/5 -> 5.",
        "display 1: Ela, Hal and Ivy have no face-down card.",
    ],
)

write(
    "g09_five_players_seating_circle",
    {"eggs": {"purple": 11, "red": 7, "orange": 3, "yellow": 6, "green": 9, "blue": 14},
     "flowers": 2, "tablecloths": 3, "display": 3},
    FIVE,
    {"Ela": {"egg:purple": 0, "egg:red": 0, "egg:orange": 1, "egg:yellow": 0, "egg:green": 0,
             "egg:blue": 4, "flowers": 5, "tablecloths": 2, "display": 2, "total": 14},
     "Fin": {"egg:purple": 10, "egg:red": 6, "egg:orange": 6, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 0, "flowers": 5, "tablecloths": 8, "display": 2, "total": 39},
     "Gus": {"egg:purple": 0, "egg:red": 0, "egg:orange": 1, "egg:yellow": 2, "egg:green": 0,
             "egg:blue": 3, "flowers": 5, "tablecloths": 2, "display": 0, "total": 13},
     "Hal": {"egg:purple": 5, "egg:red": 0, "egg:orange": 1, "egg:yellow": 0, "egg:green": 0,
             "egg:blue": 5, "flowers": -2, "tablecloths": 2, "display": 6, "total": 17},
     "Ivy": {"egg:purple": 5, "egg:red": 0, "egg:orange": 4, "egg:yellow": 0, "egg:green": 0,
             "egg:blue": 3, "flowers": 5, "tablecloths": 2, "display": 2, "total": 21}},
    ["Fin"],
    [
        "purple card 11: Fin 5 -> 10; Hal and Ivy share 2nd -> 5 each.",
        "red card 7: only Fin's r1c0 r1c1 r2c0 r2c1 is a square -> 6.",
        "orange card 3: Ela 1, Fin 3 + 2 + 1, Gus 1, Hal 1, Ivy 0 + 1 + 1 + 2.",
        "yellow card 6: Fin and Gus have two yellows each touching one flower -> 2.",
        "green card 9: pink only counts above/below and purple beside: nobody scores.",
        "blue card 14: Ela 1 + 0 + 3 + 0, Gus 1 + 1 + 1, Hal 2 + 2 + 1, Ivy 3.",
        "flowers 2: richest groups Ela, Fin, Gus, Ivy 2 -> +5; Hal has no flower, 0 -> -2.",
        "tablecloths 3: smallest groups are single cards (x2 = 2) except Fin's 4 dotted -> 8.",
        "display 3: eggs Ela 15, Fin 14, Gus 13, Hal 16, Ivy 16 in a circle: Ela +1 over Fin, "
        "Fin +1 over Gus, Hal +3 over Gus, Ivy +1 over Ela.",
    ],
)


def mirror(rows: list[str]) -> list[str]:
    return [" ".join(reversed(r.split())) for r in rows]


write(
    "g10_two_players_shared_win",
    {"eggs": {"purple": 1, "red": 2, "orange": 6, "yellow": 17, "green": 15, "blue": 16},
     "flowers": 2, "tablecloths": 1, "display": 3},
    [("Ala", ALA2), ("Olek", mirror(ALA2))],
    {"Ala": {"egg:purple": 0, "egg:red": 8, "egg:orange": 5, "egg:yellow": 2, "egg:green": 6,
             "egg:blue": 14, "flowers": 5, "tablecloths": 5, "display": 0, "total": 45},
     "Olek": {"egg:purple": 0, "egg:red": 8, "egg:orange": 5, "egg:yellow": 2, "egg:green": 6,
              "egg:blue": 14, "flowers": 5, "tablecloths": 5, "display": 0, "total": 45}},
    ["Ala", "Olek"],
    [
        "Olek's table is Ala's mirrored left-right, so every line is equal: a shared win.",
        "purple card 1: the Bunny's 2 beats both players' 1 -> nobody scores.",
        "red card 2: r0c1 2, r1c0 2, r1c1 4 -> 8.",
        "orange card 6: r2c1 1, r3c1 2, r3c3 2 -> 5.",
        "yellow card 17: r2c2 and r3c2 touch -> 2.",
        "green card 15: the line r1c4 r2c4 r3c4 with r1c3 is one L (5 greens) -> 6.",
        "blue card 16: both 3 (3 cards), the Bunny's 3 loses the tie -> both 1st, 14.",
        "flowers 2: equal -> +5 each. tablecloths 1: striped group of 5. display 3: equal eggs.",
    ],
    bunny={"purple": 2, "red": 0, "orange": 0, "yellow": 0, "green": 0, "blue": 3},
)
