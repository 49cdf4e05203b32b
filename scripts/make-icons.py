#!/usr/bin/env python3
"""Draws the app's icons into style/icons/ (run once; the PNGs are committed): the paw of
style/favicon.svg, white on the app's blue, as 192 and 512 px icons with rounded corners and
a 512 px maskable one (full bleed, the paw inside the central 80 % safe zone), and the tab's
icon for each environment, the paw on that environment's band colour. Standard library only."""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(__file__), "..", "style", "icons")
BLUE = (0x0B, 0x5C, 0xAD)
PAW = [(16, 20, 8), (7, 11, 3.5), (13, 6, 3.5), (19, 6, 3.5), (25, 11, 3.5)]  # favicon.svg


def png(path, size, inside):
    """Writes a size x size RGBA PNG; inside(x, y) gives a pixel's colour (0..1 coordinates),
    averaged over 4 x 4 samples for smooth edges."""
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(4):
                for sx in range(4):
                    c = inside((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size)
                    # Colours weighted by their alpha, so edges do not darken.
                    for i in range(3):
                        acc[i] += c[i] * c[3]
                    acc[3] += c[3]
            a = acc[3] / 16
            rgb = [round(acc[i] / acc[3]) if acc[3] else 0 for i in range(3)]
            row += bytes(rgb + [round(a)])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    head = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def paw_at(x, y, scale, offset):
    """Whether (x, y) in 0..1 falls on the paw, drawn in a box of `scale` at `offset`."""
    px, py = (x - offset) / scale * 32, (y - offset) / scale * 32
    return any((px - cx) ** 2 + (py - cy) ** 2 <= r * r for cx, cy, r in PAW)


def rounded(x, y, radius=0.18):
    cx, cy = min(max(x, radius), 1 - radius), min(max(y, radius), 1 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius


def icon(background, rounded_corners, paw_scale):
    offset = (1 - paw_scale) / 2

    def inside(x, y):
        if rounded_corners and not rounded(x, y):
            return (0, 0, 0, 0)
        if paw_at(x, y, paw_scale, offset + paw_scale * 0.02):
            return (255, 255, 255, 255)
        return background + (255,)

    return inside


os.makedirs(OUT, exist_ok=True)
png(os.path.join(OUT, "icon-192.png"), 192, icon(BLUE, True, 0.72))
png(os.path.join(OUT, "icon-512.png"), 512, icon(BLUE, True, 0.72))
# Maskable: the launcher cuts its own shape out of the whole square; the paw stays within
# the central 80 % circle.
png(os.path.join(OUT, "maskable-512.png"), 512, icon(BLUE, False, 0.5))
for env, colour in [("production", "#b42318"), ("staging", "#0b6b73")]:
    circles = "".join(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff"/>' for cx, cy, r in PAW)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        f'<rect width="32" height="32" rx="6" fill="{colour}"/>'
        f'<g transform="translate(3.2 3.2) scale(0.8)">{circles}</g></svg>\n'
    )
    with open(os.path.join(OUT, f"favicon-{env}.svg"), "w") as f:
        f.write(svg)
