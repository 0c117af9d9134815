"""Binary PPM (P6) read and PNG written with the standard library alone, for
the tests that give RGB images to the tool and to libjxl's ssimulacra2."""
import struct
import zlib


def read_ppm(path):
    """(w, h, bits, pixels): interleaved big-endian RGB samples as stored."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6", path
    w, h, maxval = (int(f) for f in fields[1:])
    return w, h, 16 if maxval > 255 else 8, data[pos + 1:]


def _chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png(path, w, h, bits, pixels, channels=3, extra=b""):
    """A PNG of w x h pixels of channels (3: RGB, 4: RGBA, 1: grey) samples
    of bits; no colour chunks (sRGB to libjxl) unless extra holds some."""
    colour_type = {1: 0, 3: 2, 4: 6}[channels]
    row = w * channels * bits // 8
    raw = b"".join(b"\0" + pixels[y * row:(y + 1) * row] for y in range(h))
    ihdr = struct.pack(">IIBBBBB", w, h, bits, colour_type, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + extra
                + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def gama_chunk(gamma):
    """A gAMA chunk of gamma (0.45455 is sRGB's)."""
    return _chunk(b"gAMA", struct.pack(">I", round(gamma * 100000)))
