// A link drawn as a QR code, for a phone's camera to open. Drawn in the page: a seat's link carries its key in
// the part after "#", which no request ever sends, and the code keeps it so.
import qrcode from "./vendor/qrcode.js";
import { s } from "./boards/svg.js";

export function qrCode(text, label) {
  const qr = qrcode(0, "M"); // the smallest version that holds the text; medium error correction
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount(), dark = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (qr.isDark(row, col)) dark.push(`M${col} ${row}h1v1h-1z`);
  }
  return s("svg", { class: "qr", viewBox: `-4 -4 ${n + 8} ${n + 8}`, width: 176, height: 176, role: "img", "aria-label": label,
    "shape-rendering": "crispEdges" }, s("rect", { x: -4, y: -4, width: n + 8, height: n + 8, fill: "#fff" }),
  s("path", { d: dark.join(""), fill: "#000" }));
}
