// Icons drawn as inline SVG, so they never depend on an emoji font being installed.
const NS = "http://www.w3.org/2000/svg";

const PATHS = {
  shield: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z",
  bolt: "M13 2 4 14h6l-1 8 9-12h-6z",
  heart: "M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z",
  crown: "M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z",
  flag: "M5 3v18h2v-7h10l-2-4 2-4H7V3z",
  cross: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z",
  eye: "M12 5C6.5 5 2.7 9.5 2 12c.7 2.5 4.5 7 10 7s9.3-4.5 10-7c-.7-2.5-4.5-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z",
  bulb: "M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2zM9 19h6v1.5a1.5 1.5 0 0 1-1.5 1.5h-3A1.5 1.5 0 0 1 9 20.5z",
  fist: "M7 9V6a1.5 1.5 0 0 1 3 0v3-4a1.5 1.5 0 0 1 3 0v4-3a1.5 1.5 0 0 1 3 0v3-1a1.5 1.5 0 0 1 3 0v6a7 7 0 0 1-7 7h-1a7 7 0 0 1-7-7v-2a2 2 0 0 1 3-1.7z",
};

// icon("shield"): a decorative glyph (hidden from screen readers; the text beside it speaks).
export function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[name]);
  svg.append(path);
  return svg;
}
