// La Tortuga's numbers the island draws.
// Written by tools/web_data.py from engine/tortuga (track.py, cards.py, flow.py): do not edit by hand (tests/test_web_data.py checks it).
export const RAFT = 0;            // the space before the track
export const BEACH = 21;          // the last space
export const SPACES = 21;
export const BEACH_EGGS = 7;      // the beach's card
export const CARD_COUNTS = {"1": 3, "2": 3, "3": 5, "4": 5, "5": 5, "6": 3};
export const MAX_SUM = 7;         // a sum over it busts (L-T3)
export const MAX_DICE = 3;
