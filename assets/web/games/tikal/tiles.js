// The Tikal components the browser draws (tikal-tiles.md).
// Written by tools/web_data.py from engine/tikal/tiles.py: do not edit by hand (tests/test_web_data.py checks it).
// stones: per edge N NE SE S SW NW at rotation 0; rotation k turns them clockwise.
export const TILES = {
  "A1": {"letter": "A", "kind": "temple", "value": 1, "masks": 0, "stones": [0, 0, 0, 2, 1, 0]},
  "A2": {"letter": "A", "kind": "treasure", "value": 0, "masks": 4, "stones": [0, 0, 0, 2, 0, 1]},
  "A3": {"letter": "A", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 1, 0, 1, 0, 0]},
  "A4": {"letter": "A", "kind": "temple", "value": 2, "masks": 0, "stones": [0, 0, 0, 2, 0, 1]},
  "A5": {"letter": "A", "kind": "treasure", "value": 0, "masks": 4, "stones": [0, 1, 0, 2, 0, 0]},
  "A6": {"letter": "A", "kind": "temple", "value": 2, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "B1": {"letter": "B", "kind": "volcano", "value": 0, "masks": 0, "stones": [0, 0, 0, 0, 0, 0]},
  "B2": {"letter": "B", "kind": "temple", "value": 2, "masks": 0, "stones": [0, 1, 0, 2, 0, 0]},
  "B3": {"letter": "B", "kind": "jungle", "value": 0, "masks": 0, "stones": [0, 0, 0, 2, 1, 0]},
  "B4": {"letter": "B", "kind": "jungle", "value": 0, "masks": 0, "stones": [0, 0, 0, 2, 0, 1]},
  "B5": {"letter": "B", "kind": "treasure", "value": 0, "masks": 4, "stones": [0, 0, 1, 2, 0, 0]},
  "B6": {"letter": "B", "kind": "temple", "value": 3, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "C1": {"letter": "C", "kind": "temple", "value": 4, "masks": 0, "stones": [0, 1, 0, 2, 0, 0]},
  "C2": {"letter": "C", "kind": "jungle", "value": 0, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "C3": {"letter": "C", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 1, 0, 1, 0, 0]},
  "C4": {"letter": "C", "kind": "treasure", "value": 0, "masks": 3, "stones": [0, 0, 0, 3, 0, 0]},
  "C5": {"letter": "C", "kind": "temple", "value": 3, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "D1": {"letter": "D", "kind": "temple", "value": 5, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "D2": {"letter": "D", "kind": "treasure", "value": 0, "masks": 3, "stones": [0, 0, 0, 3, 0, 0]},
  "D3": {"letter": "D", "kind": "volcano", "value": 0, "masks": 0, "stones": [0, 0, 0, 0, 0, 0]},
  "D4": {"letter": "D", "kind": "jungle", "value": 0, "masks": 0, "stones": [0, 1, 0, 1, 0, 1]},
  "D5": {"letter": "D", "kind": "temple", "value": 5, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "E1": {"letter": "E", "kind": "temple", "value": 6, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "E2": {"letter": "E", "kind": "treasure", "value": 0, "masks": 2, "stones": [0, 0, 1, 2, 0, 0]},
  "E3": {"letter": "E", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "E4": {"letter": "E", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "E5": {"letter": "E", "kind": "temple", "value": 5, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "F1": {"letter": "F", "kind": "temple", "value": 4, "masks": 0, "stones": [0, 0, 0, 3, 0, 0]},
  "F2": {"letter": "F", "kind": "volcano", "value": 0, "masks": 0, "stones": [0, 0, 0, 0, 0, 0]},
  "F3": {"letter": "F", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "F4": {"letter": "F", "kind": "treasure", "value": 0, "masks": 2, "stones": [1, 0, 0, 2, 0, 0]},
  "F5": {"letter": "F", "kind": "temple", "value": 4, "masks": 0, "stones": [0, 0, 0, 2, 1, 0]},
  "G1": {"letter": "G", "kind": "temple", "value": 3, "masks": 0, "stones": [0, 0, 1, 2, 0, 0]},
  "G2": {"letter": "G", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 0, 0, 2, 0, 0]},
  "G3": {"letter": "G", "kind": "temple", "value": 3, "masks": 0, "stones": [0, 0, 0, 2, 0, 1]},
  "G4": {"letter": "G", "kind": "treasure", "value": 0, "masks": 2, "stones": [0, 0, 0, 3, 0, 0]},
  "P-base": {"letter": "P", "kind": "base", "value": 0, "masks": 0, "stones": [1, 1, 1, 0, 0, 0]},
  "P-temple-n": {"letter": "P", "kind": "temple", "value": 1, "masks": 0, "stones": [1, 1, 0, 1, 0, 0]},
  "P-jungle": {"letter": "P", "kind": "jungle", "value": 0, "masks": 0, "stones": [1, 1, 1, 0, 0, 0]},
  "P-temple-se": {"letter": "P", "kind": "temple", "value": 1, "masks": 0, "stones": [0, 1, 0, 0, 0, 1]},
};
export const HEXES = [[0,-4],[0,-3],[0,-2],[0,-1],[0,0],[1,-4],[1,-3],[1,-2],[1,-1],[1,0],[2,-5],[2,-4],[2,-3],[2,-2],[2,-1],[3,-5],[3,-4],[3,-3],[3,-2],[3,-1],[4,-6],[4,-5],[4,-4],[4,-3],[4,-2],[5,-6],[5,-5],[5,-4],[5,-3],[5,-2],[6,-7],[6,-6],[6,-5],[6,-4],[6,-3],[7,-7],[7,-6],[7,-5],[7,-4],[7,-3]];
export const TREASURE_KINDS = 8;
export const TREASURE_COPIES = 3;
export const LETTERS = "ABCDEFG";
