"""DDS corpus variants written at run time by writers that are not ours.

Run with Debian's /usr/bin/python3 (Pillow 9.4): `variants.py WORKDIR` writes every variant into
WORKDIR and prints one JSON list of cases on stdout. Three kinds of writer:
- ImageMagick 6 (`-define dds:compression=...`, `dds:mipmaps`) and Pillow (`Image.save(..., "DDS")`):
  real DDS writers; the judge decodes their files with a reference reader.
- this script's own struct-based writer, for the layouts those writers do not make (mask formats,
  P8, DX10 with array size 0, RXGB, 16-bit SNORM/UNORM and float formats, float cubes, header
  quirks). It writes each file from a known source image, and the case names that source's expected
  pixels (a PNG beside the file), computed here from the formats' definitions: the writer is the
  independent party. HDR formats expect the documented default operator of docs/decisions/005
  (Reinhard x/(1+x) per channel, then the sRGB curve).
Nothing here imports the project's code.
"""

import json
import math
import os
import struct
import subprocess
import sys

from PIL import Image

IMAGEMAGICK = "/usr/bin/convert-im6.q16"

DDSD_CAPS, DDSD_HEIGHT, DDSD_WIDTH, DDSD_PITCH = 0x1, 0x2, 0x4, 0x8
DDSD_PIXELFORMAT, DDSD_MIPMAPCOUNT, DDSD_LINEARSIZE, DDSD_DEPTH = 0x1000, 0x20000, 0x80000, 0x800000
DDPF_ALPHAPIXELS, DDPF_ALPHA, DDPF_FOURCC, DDPF_PAL8 = 0x1, 0x2, 0x4, 0x20
DDPF_RGB, DDPF_LUMINANCE = 0x40, 0x20000
DDSCAPS_COMPLEX, DDSCAPS_TEXTURE, DDSCAPS_MIPMAP = 0x8, 0x1000, 0x400000
CUBE_ALL = 0x200 | 0xFC00


def source(width, height, seed=0):
    """A deterministic RGBA test picture: gradients, a disc, stripes and an alpha ramp."""
    px = []
    for y in range(height):
        for x in range(width):
            r = (x * 255) // max(1, width - 1)
            g = (y * 255) // max(1, height - 1)
            b = ((x + y + seed * 37) * 7) % 256
            cx, cy = width / 2 - 0.5, height / 2 - 0.5
            if (x - cx) ** 2 + (y - cy) ** 2 < (min(width, height) / 3) ** 2:
                r, g, b = 255 - r, (g + 128 + seed * 50) % 256, 255 - b
            if (x // 3 + seed) % 5 == 0:
                b = (b + 90) % 256
            a = 255 if y < height // 2 else (x * 255) // max(1, width - 1)
            px.append((r, g, b, a))
    return px


def header(width, height, pf, mips=1, flags=None, caps=DDSCAPS_TEXTURE, caps2=0, depth=0,
           size=124, pf_size=32, pitch=0, dx10=None):
    """The 128-byte DDS header (+ 20-byte DX10 header); `pf` = (flags, fourcc, bits, r, g, b, a)."""
    if flags is None:
        flags = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT
        if mips > 1:
            flags |= DDSD_MIPMAPCOUNT
    out = b"DDS " + struct.pack("<7I", size, flags, height, width, pitch, depth, mips)
    out += b"\0" * 44
    out += struct.pack("<8I", pf_size, *pf)
    out += struct.pack("<4I", caps, caps2, 0, 0) + b"\0" * 4
    assert len(out) == 128
    if dx10 is not None:
        out += struct.pack("<5I", *dx10)
    return out


def fourcc(s):
    return struct.unpack("<I", s.encode("ascii"))[0]


DX10 = fourcc("DX10")


def save_png(path, width, height, pixels):
    im = Image.new("RGBA", (width, height))
    im.putdata([tuple(int(c) for c in p) for p in pixels])
    im.save(path)


# --- HDR expectation: the documented default tone mapping -------------------------------------


def tone(x):
    if not (x > 0):
        return 0
    if x == math.inf:
        return 255
    v = x / (1 + x)
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return int(math.floor(s * 255 + 0.5))


def half_bits(f):
    return struct.unpack("<H", struct.pack("<e", f))[0]


def half_value(f):
    return struct.unpack("<e", struct.pack("<e", f))[0]


def hdr_values(pixels, scale=4.0):
    """Linear HDR floats from an 8-bit picture (0..scale, a gamma-2.2 ramp)."""
    return [tuple((c / 255) ** 2.2 * scale for c in p[:3]) + (p[3] / 255,) for p in pixels]


# --- the variants ------------------------------------------------------------------------------


class Writer:
    def __init__(self, work):
        self.work = work
        self.cases = []

    def path(self, name):
        return os.path.join(self.work, name)

    def add(self, name, data, category="dds-to-png", expect="converts", ref=None, note="", args=None, all_refs=None):
        with open(self.path(name), "wb") as f:
            f.write(data)
        self.case(name, category, expect, ref, note, args, all_refs)

    def case(self, name, category="dds-to-png", expect="converts", ref=None, note="", args=None, all_refs=None):
        entry = {"name": name, "file": self.path(name), "category": category, "expect": expect, "note": note}
        if ref is not None:
            entry["reference"] = ref
        if all_refs is not None:
            entry["surfaces"] = all_refs
        if args:
            entry["args"] = args
        self.cases.append(entry)

    def expected(self, name, width, height, pixels, max_diff=1):
        path = self.path(name + ".expected.png")
        save_png(path, width, height, pixels)
        return {"png": path, "maxDiff": max_diff}


def raw_variants(w):
    W, H = 24, 20
    src = source(W, H)
    grey = [((p[0] * 3 + p[1] * 6 + p[2]) // 10) for p in src]
    base = (DDPF_RGB | DDPF_ALPHAPIXELS, 0, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000)
    bgra = b"".join(struct.pack("4B", p[2], p[1], p[0], p[3]) for p in src)
    rgba_exp = w.expected("src", W, H, src, 0)

    # luminance / alpha layouts described by masks
    l8 = bytes(grey)
    w.add("mask-l8.dds", header(W, H, (DDPF_LUMINANCE, 0, 8, 0xFF, 0, 0, 0)) + l8,
          ref=w.expected("grey", W, H, [(v, v, v, 255) for v in grey], 0), note="L8 by masks")
    w.add("mask-l8-bad-masks.dds", header(W, H, (DDPF_LUMINANCE, 0, 8, 0xFF000000, 0xFF000000, 0xFF000000, 0)) + l8,
          ref=w.expected("grey", W, H, [(v, v, v, 255) for v in grey], 0), note="L8 whose masks do not fit the byte (as Pillow's uncompressed_l)")
    w.add("mask-l8-no-masks.dds", header(W, H, (DDPF_LUMINANCE, 0, 8, 0, 0, 0, 0)) + l8,
          ref=w.expected("grey", W, H, [(v, v, v, 255) for v in grey], 0), note="L8 with zero masks")
    w.add("fourcc-l8.dds", header(W, H, (DDPF_FOURCC, 50, 0, 0, 0, 0, 0)) + l8,
          ref=w.expected("grey", W, H, [(v, v, v, 255) for v in grey], 0), note="L8 as D3DFMT code 50 in the FourCC field")
    l16 = [v * 257 + (v % 7) for v in grey]
    w.add("mask-l16.dds", header(W, H, (DDPF_LUMINANCE, 0, 16, 0xFFFF, 0, 0, 0)) + struct.pack(f"<{len(l16)}H", *l16),
          ref=w.expected("l16", W, H, [(round(v / 257),) * 3 + (255,) for v in l16], 1), note="L16")
    w.add("mask-a8l8.dds", header(W, H, (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 0, 16, 0xFF, 0, 0, 0xFF00))
          + b"".join(struct.pack("2B", g, p[3]) for g, p in zip(grey, src)),
          ref=w.expected("la", W, H, [(g, g, g, p[3]) for g, p in zip(grey, src)], 0), note="A8L8")
    a4l4 = bytes(((p[3] >> 4) << 4) | (g >> 4) for g, p in zip(grey, src))
    w.add("mask-a4l4.dds", header(W, H, (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 0, 8, 0x0F, 0, 0, 0xF0)) + a4l4,
          ref=w.expected("a4l4", W, H, [((v & 15) * 17,) * 3 + ((v >> 4) * 17,) for v in a4l4], 0), note="A4L4")
    alpha = bytes(p[3] for p in src)
    w.add("mask-a8.dds", header(W, H, (DDPF_ALPHA, 0, 8, 0, 0, 0, 0xFF)) + alpha,
          ref=w.expected("a8", W, H, [(0, 0, 0, a) for a in alpha], 0), note="A8 (DDPF_ALPHA)")
    w.add("mask-a8-alphapixels.dds", header(W, H, (DDPF_ALPHAPIXELS, 0, 8, 0, 0, 0, 0xFF)) + alpha,
          ref=w.expected("a8", W, H, [(0, 0, 0, a) for a in alpha], 0), note="A8 flagged only DDPF_ALPHAPIXELS")

    # P8: 256 RGBA entries right after the header, then one index a pixel
    palette = [((i * 37) % 256, (i * 91) % 256, (255 - i), 255 if i % 9 else 0) for i in range(256)]
    idx = bytes((p[0] // 16) * 16 + (p[1] // 16) for p in src)
    w.add("p8.dds", header(W, H, (DDPF_PAL8, 0, 8, 0, 0, 0, 0)) + b"".join(bytes(e) for e in palette) + idx,
          ref=w.expected("p8", W, H, [palette[i] for i in idx], 0), note="legacy palettised P8")

    # DX10 with array size 0 (several writers), and other DX10 quirks
    rgba = b"".join(bytes(p) for p in src)
    w.add("dx10-arraysize0.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(28, 3, 0, 0, 0)) + rgba,
          ref=rgba_exp, note="DX10 header whose array size is 0")
    w.add("dx10-dimension0.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(28, 0, 0, 1, 0)) + rgba,
          ref=rgba_exp, note="DX10 header whose resource dimension is left 0")

    # 16-bit UNORM / SNORM and 8-bit SNORM (DX10)
    u16 = b"".join(struct.pack("<4H", *(c * 257 for c in p)) for p in src)
    w.add("dx10-r16g16b16a16-unorm.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(11, 3, 0, 1, 0)) + u16,
          ref=rgba_exp, note="R16G16B16A16_UNORM")

    def snorm16(c):
        return max(-32767, min(32767, round((c / 255 * 2 - 1) * 32767)))

    s16 = b"".join(struct.pack("<4h", *(snorm16(c) for c in p)) for p in src)
    w.add("dx10-r16g16b16a16-snorm.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(13, 3, 0, 1, 0)) + s16,
          ref=dict(rgba_exp, maxDiff=1), note="R16G16B16A16_SNORM (v * 0.5 + 0.5, as DirectXTex's SNORM to UNORM)")
    w.add("fourcc-q16w16v16u16.dds", header(W, H, (DDPF_FOURCC, 110, 0, 0, 0, 0, 0)) + s16,
          ref=dict(rgba_exp, maxDiff=1), note="the same SNORM pixels as D3DFMT_Q16W16V16U16 (110)")
    s8 = b"".join(struct.pack("<4b", *(max(-127, min(127, round((c / 255 * 2 - 1) * 127))) for c in p)) for p in src)
    w.add("dx10-r8g8b8a8-snorm.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(31, 3, 0, 1, 0)) + s8,
          ref=dict(rgba_exp, maxDiff=2), note="R8G8B8A8_SNORM")

    # float formats, tone-mapped by the documented default operator
    hdr = hdr_values(src)
    halves = [tuple(half_value(c) for c in p) for p in hdr]
    w.add("dx10-r16g16b16a16-float.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(10, 3, 0, 1, 0))
          + b"".join(struct.pack("<4e", *p) for p in hdr),
          ref=w.expected("rgba16f", W, H, [tuple(tone(c) for c in p[:3]) + (round(min(1, p[3]) * 255),) for p in halves], 1),
          note="R16G16B16A16_FLOAT, tone-mapped")
    w.add("dx10-r16f.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(54, 3, 0, 1, 0))
          + b"".join(struct.pack("<e", p[0]) for p in hdr),
          ref=w.expected("r16f", W, H, [(tone(p[0]), 0, 0, 255) for p in halves], 1), note="R16_FLOAT")
    w.add("dx10-r16g16f.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(34, 3, 0, 1, 0))
          + b"".join(struct.pack("<2e", p[0], p[1]) for p in hdr),
          ref=w.expected("rg16f", W, H, [(tone(p[0]), tone(p[1]), 0, 255) for p in halves], 1), note="R16G16_FLOAT")
    f32 = [struct.unpack("<f", struct.pack("<f", p[1]))[0] for p in hdr]
    w.add("dx10-r32f.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(41, 3, 0, 1, 0))
          + b"".join(struct.pack("<f", v) for v in f32),
          ref=w.expected("r32f", W, H, [(tone(v), 0, 0, 255) for v in f32], 1), note="R32_FLOAT")
    w.add("fourcc-a16b16g16r16f.dds", header(W, H, (DDPF_FOURCC, 113, 0, 0, 0, 0, 0))
          + b"".join(struct.pack("<4e", *p) for p in hdr),
          ref=w.expected("rgba16f", W, H, [tuple(tone(c) for c in p[:3]) + (round(min(1, p[3]) * 255),) for p in halves], 1),
          note="A16B16G16R16F as D3DFMT code 113")

    def rgb9e5(r, g, b):
        m = max(r, g, b, 2 ** -24)
        e = max(-16, math.floor(math.log2(m))) + 1 + 15
        scale = 2.0 ** (e - 15 - 9)
        if round(m / scale) == 512:
            e += 1
            scale *= 2
        q = [min(511, round(c / scale)) for c in (r, g, b)]
        return q[0] | (q[1] << 9) | (q[2] << 18) | (e << 27), [c * scale for c in q]

    packed = [rgb9e5(*p[:3]) for p in hdr]
    w.add("dx10-r9g9b9e5.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(67, 3, 0, 1, 0))
          + b"".join(struct.pack("<I", v) for v, _ in packed),
          ref=w.expected("rgb9e5", W, H, [tuple(tone(c) for c in vals) + (255,) for _, vals in packed], 1),
          note="R9G9B9E5 shared exponent")

    # R16F cube (six different faces), with a DX10 header and with a legacy D3DFMT_R16F header
    faces = [hdr_values(source(16, 16, seed=f + 1), 2.0 + f) for f in range(6)]
    face_refs = [w.expected(f"cube-face{f}", 16, 16, [(tone(half_value(p[0])), 0, 0, 255) for p in face], 1) for f, face in enumerate(faces)]
    cube_data = b"".join(struct.pack("<e", p[0]) for face in faces for p in face)
    cube_dx10 = header(16, 16, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), caps=DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, caps2=CUBE_ALL,
                       dx10=(54, 3, 4, 1, 0)) + cube_data
    w.add("cube-r16f-dx10.dds", cube_dx10, ref=face_refs[0], note="R16_FLOAT cube (DX10), first face")
    w.case("cube-r16f-dx10.dds", "dds-to-png-all", ref=face_refs[0], all_refs=face_refs, note="R16_FLOAT cube: every face")
    cube_legacy = header(16, 16, (DDPF_FOURCC, 111, 0, 0, 0, 0, 0), caps=DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, caps2=CUBE_ALL) + cube_data
    w.add("cube-r16f-legacy.dds", cube_legacy, ref=face_refs[0], note="R16F cube (D3DFMT_R16F FourCC)")
    w.case("cube-r16f-legacy.dds", "dds-to-png-all", ref=face_refs[0], all_refs=face_refs, note="R16F cube (legacy header): every face")
    cube_arr6 = header(16, 16, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), caps=DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, caps2=CUBE_ALL,
                       dx10=(54, 3, 4, 6, 0)) + cube_data
    w.add("cube-r16f-arraysize6.dds", cube_arr6, ref=face_refs[0], note="DX10 cube whose array size counts the 6 faces")
    w.case("cube-r16f-arraysize6.dds", "dds-to-png-all", ref=face_refs[0], all_refs=face_refs, note="DX10 cube, array size 6: every face")
    cube_noflag = header(16, 16, (DDPF_FOURCC, 111, 0, 0, 0, 0, 0), caps=DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, caps2=0xFC00) + cube_data
    w.add("cube-faces-without-cubemap-bit.dds", cube_noflag, ref=face_refs[0], note="caps2 flags the six faces but lacks DDSCAPS2_CUBEMAP")
    w.case("cube-faces-without-cubemap-bit.dds", "dds-to-png-all", ref=face_refs[0], all_refs=face_refs,
           note="faces flagged without the cubemap bit: every face")

    # a DX10 array of three RGBA8 images
    arr = [source(12, 8, seed=s) for s in range(3)]
    arr_refs = [w.expected(f"array{s}", 12, 8, img, 0) for s, img in enumerate(arr)]
    w.add("dx10-array3.dds", header(12, 8, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(28, 3, 0, 3, 0))
          + b"".join(bytes(p) for img in arr for p in img), ref=arr_refs[0], note="DX10 array of 3")
    w.case("dx10-array3.dds", "dds-to-png-all", ref=arr_refs[0], all_refs=arr_refs, note="DX10 array of 3: every element")

    # header quirks on a plain BGRA8 file
    w.add("refuse-size0.dds", header(W, H, base, size=0) + bgra, expect="header is damaged", note="dwSize 0: Pillow, ImageMagick and ffmpeg refuse it")
    w.add("quirk-size24.dds", header(W, H, base, size=24) + bgra, ref=rgba_exp, note="dwSize 24, the writer bug permissive readers accept")
    w.add("quirk-pfsize0.dds", header(W, H, base, pf_size=0) + bgra, ref=rgba_exp, note="pixel format dwSize 0 (Pillow reads it)")
    w.add("quirk-no-flags.dds", header(W, H, base, flags=0) + bgra, ref=rgba_exp, note="no DDSD flags at all")
    w.add("quirk-odd-pitch.dds", header(W, H, base, flags=0x100F, pitch=7) + bgra, ref=rgba_exp, note="a pitch that is not the row size")
    w.add("quirk-mips0-flagged.dds", header(W, H, base, mips=0, flags=0x2100F) + bgra, ref=rgba_exp, note="DDSD_MIPMAPCOUNT with a count of 0")
    w.add("quirk-mips-beyond-chain.dds", header(W, H, base, mips=40) + bgra * 2, ref=rgba_exp,
          note="a mip count larger than the chain (and fewer levels' bytes than it claims)")
    w.add("quirk-fewer-mips-than-claimed.dds", header(W, H, base, mips=5) + bgra + bgra[: (W // 2) * (H // 2) * 4], ref=rgba_exp,
          note="five mip levels claimed, two stored")
    w.add("quirk-zero-masks-24.dds", header(W, H, (DDPF_RGB, 0, 24, 0, 0, 0, 0)) + b"".join(struct.pack("3B", p[2], p[1], p[0]) for p in src),
          ref=w.expected("opaque", W, H, [p[:3] + (255,) for p in src], 0), note="24-bit RGB without masks (ImageMagick reads BGR)")
    w.add("quirk-stale-depth.dds", header(W, H, base, flags=0x80100F, depth=4) + bgra, ref=rgba_exp,
          note="DDSD_DEPTH and a depth of 4 on a 2D texture")

    # RXGB: Doom 3's BC3 with red in alpha. ImageMagick writes the BC3 data from a swizzled copy of
    # the source; the reference is ImageMagick's own decode of that BC3 file, swizzled back.
    swz = [(0, p[1], p[2], p[0]) for p in src]
    save_png(w.path("rxgb-src.png"), W, H, swz)
    subprocess.run([IMAGEMAGICK, w.path("rxgb-src.png"), "-define", "dds:compression=dxt5", "-define", "dds:mipmaps=0",
                    w.path("rxgb-as-dxt5.dds")], check=True)
    with open(w.path("rxgb-as-dxt5.dds"), "rb") as f:
        data = bytearray(f.read())
    data[84:88] = b"RXGB"
    w.add("rxgb.dds", bytes(data), ref={"swizzled": w.path("rxgb-as-dxt5.dds"), "maxDiff": 2},
          note="Doom 3 RXGB (BC3, red stored in alpha)")
    # NVIDIA's swizzled BC3 FourCCs are returned as stored (DirectXTex): the same pixels as the DXT5 file
    data[84:88] = b"xGBR"
    w.add("fourcc-xgbr.dds", bytes(data), ref={"reader": "auto", "file": w.path("rxgb-as-dxt5.dds"), "maxDiff": 2},
          note="BC3 under the xGBR FourCC, channels as stored")
    # GIMP's DDS plug-in tags in the reserved words (read by ffmpeg only, the reference here)
    for tag in ("YCG1", "YCG2", "AEXP"):
        tagged = bytearray(data)
        tagged[84:88] = b"DXT5"
        tagged[44:48] = tag.encode()
        w.add(f"gimp-dxt5-{tag.lower()}.dds", bytes(tagged), ref={"reader": "ffmpeg", "maxDiff": 3},
              note=f"DXT5 with GIMP's {tag} tag")
    aexp = bytearray(header(W, H, base) + bgra)
    aexp[44:48] = b"AEXP"
    w.add("gimp-argb-aexp.dds", bytes(aexp), ref={"reader": "ffmpeg", "maxDiff": 1}, note="32-bit ARGB with GIMP's AEXP tag")
    # ATI's "P8  " FourCC: the same palette layout as DDPF_PALETTEINDEXED8
    w.add("fourcc-p8.dds", header(W, H, (DDPF_FOURCC, fourcc("P8  "), 8, 0, 0, 0, 0)) + b"".join(bytes(e) for e in palette) + idx,
          ref=w.expected("p8", W, H, [palette[i] for i in idx], 0), note="P8 under ATI's 'P8  ' FourCC")
    # a DX10 array size the file cannot hold: its one image, as Pillow and ffmpeg show it
    w.add("dx10-absurd-arraysize.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(28, 3, 0, 100000, 0)) + rgba,
          ref=rgba_exp, note="DX10 array size 100000, one image stored")

    # refusals: truly broken or really unsupported
    good = header(W, H, base) + bgra
    w.add("refuse-truncated-header.dds", good[:70], expect="truncated", note="the header stops at byte 70")
    w.add("refuse-truncated-pixels.dds", good[: 128 + W * 4 * 3], expect="truncated", note="three rows of twenty")
    w.add("refuse-zero-width.dds", header(0, H, base) + bgra, expect="0 pixels wide", note="width 0")
    w.add("refuse-d24s8.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(45, 3, 0, 1, 0)) + bgra,
          expect="depth-stencil format", note="a depth-stencil buffer")
    w.add("refuse-ayuv.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(100, 3, 0, 1, 0)) + bgra,
          expect="AYUV video", note="a YUV video format")
    w.add("refuse-etc1.dds", header(W, H, (DDPF_FOURCC, fourcc("ETC1"), 0, 0, 0, 0, 0)) + bgra,
          expect="ETC1 compression", note="a mobile compression")
    w.add("refuse-unknown-dxgi.dds", header(W, H, (DDPF_FOURCC, DX10, 0, 0, 0, 0, 0), dx10=(200, 3, 0, 1, 0)) + bgra,
          expect="does not exist", note="DXGI number 200: not a format")
    w.add("refuse-garbage-fourcc.dds", header(W, H, (DDPF_FOURCC, 0x01FF7F03, 0, 0, 0, 0, 0)) + bgra,
          expect="not readable text", note="a FourCC of control bytes")


def writer_variants(w):
    """Files written by ImageMagick and Pillow; the judge decodes them with the reference readers."""
    W, H = 64, 48
    save_png(w.path("im-src.png"), W, H, source(W, H, seed=3))
    for comp in ("dxt1", "dxt5", "none"):
        for mips in (0, 3):
            name = f"imagemagick-{comp}-mips{mips}.dds"
            subprocess.run([IMAGEMAGICK, w.path("im-src.png"), "-define", f"dds:compression={comp}",
                            "-define", f"dds:mipmaps={mips}", w.path(name)], check=True)
            w.case(name, ref={"reader": "auto", "maxDiff": 3}, note=f"ImageMagick {comp}, {mips} extra mip levels")
            if mips:
                w.case(name, "dds-to-png-all", ref={"reader": "auto", "maxDiff": 3}, all_refs="split",
                       note=f"ImageMagick {comp} with mips: every level")
    # an odd size, not a multiple of the 4x4 block
    subprocess.run([IMAGEMAGICK, "-size", "37x21", "gradient:red-blue", "-define", "dds:compression=dxt1",
                    w.path("imagemagick-dxt1-37x21.dds")], check=True)
    w.case("imagemagick-dxt1-37x21.dds", ref={"reader": "auto", "maxDiff": 3}, note="ImageMagick DXT1, 37×21")
    im = Image.open(w.path("im-src.png"))
    for mode in ("RGBA", "RGB"):
        name = f"pillow-{mode.lower()}.dds"
        try:
            im.convert(mode).save(w.path(name), "DDS")
        except (OSError, KeyError, ValueError) as error:  # Pillow 9.4 writes only some modes
            print(f"pillow cannot write {mode} DDS: {error}", file=sys.stderr)
            continue
        w.case(name, ref={"reader": "auto", "maxDiff": 0}, note=f"Pillow {mode} DDS")


def main():
    work = sys.argv[1]
    os.makedirs(work, exist_ok=True)
    w = Writer(work)
    raw_variants(w)
    writer_variants(w)
    json.dump(w.cases, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
