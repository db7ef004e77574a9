// The players' marks and the interface's colours.
// Written by tools/web_data.py from game/theme.py: do not edit by hand (tests/test_web_data.py checks it).
// TONES: each seat colour of the host (net/messages.py COLOURS, in its order) in its Okabe–Ito tone.
export const TONES = {
  "orange": "#e69f00",
  "blue": "#0072b2",
  "green": "#009e73",
  "yellow": "#f0e442",
  "purple": "#cc79a7",
  "red": "#d55e00",
  "black": "#46464e",
  "white": "#ecece6",
};
export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"];
// each shape's polygon round (0, 0) of radius 1 (the circle: drawn as one)
export const SHAPE_POINTS = {
  "circle": null,
  "square": [[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]],
  "triangle": [[0.0, -1.1], [0.9526, 0.55], [-0.9526, 0.55]],
  "diamond": [[0, -1.1], [0.85, 0], [0, 1.1], [-0.85, 0]],
  "star": [[0.0, -1.1], [0.2821, -0.3883], [1.0462, -0.3399], [0.4565, 0.1483], [0.6466, 0.8899], [0.0, 0.48], [-0.6466, 0.8899], [-0.4565, 0.1483], [-1.0462, -0.3399], [-0.2821, -0.3883]],
  "hexagon": [[1.0, 0.0], [0.5, 0.866], [-0.5, 0.866], [-1.0, 0.0], [-0.5, -0.866], [0.5, -0.866]],
  "cross": [[-0.36, -0.95], [0.36, -0.95], [0.36, -0.36], [0.95, -0.36], [0.95, 0.36], [0.36, 0.36], [0.36, 0.95], [-0.36, 0.95], [-0.36, 0.36], [-0.95, 0.36], [-0.95, -0.36], [-0.36, -0.36]],
};
export const INK = "#141826";
export const PAPER = "#faf6e8";
export const PANEL = "#243052";
export const ACCENT = "#ffcc40";
export const GOOD = "#009e73";
export const BAD = "#d55e00";
export const MUTED = "#96a0be";
export const LIGHT_TONE = 140;     // a tone lighter than this takes ink, else paper
// the colour-blind shapes at first (game/settings.py, the window's default): one player, one look
export const SHAPES_ON = true;
