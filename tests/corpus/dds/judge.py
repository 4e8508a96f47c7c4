"""Judges our DDS to PNG output against independent decoders (Debian's /usr/bin/python3, Pillow 9.4).

`judge.py CASE_JSON OUTPUT` prints one JSON object {"ok": bool, "reason": str}. CASE_JSON holds
the case's input path, category and reference:
- {"png": path, "maxDiff": n}: a PNG of the expected pixels (Pillow's own test references, image-dds's
  decoded rectangles with "crop": [x, y, w, h], or the known source image of a variant our writer made);
- {"reader": "auto", "maxDiff": n}: the DDS file itself (or "file": another one holding the same
  pixels) decoded by Pillow, else ffmpeg, else ImageMagick (the first that reads it);
- {"swizzled": path, "maxDiff": n}: RXGB: that BC3 file decoded by a reader, red taken from alpha;
- "opaque": true with a reader: its colours, alpha 255 (ffmpeg moves RXGB's unused red into alpha).
For "dds-to-png-all" the output is a zip, judged entry by entry (in the zip's order, which is the
file's) against "surfaces": a list of PNG references, or "split": every image (each mip level of
each cube face or array element, or each depth slice of each mip level of a volume) cut out into a one-image DDS file of its own and decoded by a reader. Pixels are compared as RGBA
(greyscale references spread to R, G and B; no alpha means 255); where both images are fully
transparent the colour is ignored. A case passes when the largest channel difference is within
maxDiff, or the PSNR reaches minPsnr (45 dB by default), so a blank or stand-in image never passes.
"""

import io
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

from PIL import Image

IMAGEMAGICK = "/usr/bin/convert-im6.q16"
FFMPEG = "/usr/bin/ffmpeg"


def rgba(im):
    if im.mode == "P" and "transparency" in im.info:
        return im.convert("RGBA")
    if im.mode in ("L", "LA", "RGB", "RGBA", "P", "I;16"):
        return im.convert("RGBA")
    return im.convert("RGBA")


def header_size(path):
    with open(path, "rb") as f:
        head = f.read(20)
    height, width = struct.unpack("<2I", head[12:20])
    return width, height


def read_with_pillow(path):
    im = Image.open(path)
    im.load()
    return rgba(im)


def read_with_ffmpeg(path):
    width, height = header_size(path)
    out = subprocess.run([FFMPEG, "-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         capture_output=True, timeout=60)
    if out.returncode != 0 or len(out.stdout) != width * height * 4:
        raise OSError(out.stderr.decode(errors="replace")[:200])
    return Image.frombytes("RGBA", (width, height), out.stdout)


def read_with_imagemagick(path):
    out = subprocess.run([IMAGEMAGICK, path + "[0]", "png:-"], capture_output=True, timeout=60)
    if out.returncode != 0 or not out.stdout:
        raise OSError(out.stderr.decode(errors="replace")[:200])
    return rgba(Image.open(io.BytesIO(out.stdout)))


READERS = {"pillow": read_with_pillow, "ffmpeg": read_with_ffmpeg, "imagemagick": read_with_imagemagick}


def read_reference(path, reader="auto"):
    """The first reference reader's decode of `path`, and its name."""
    order = ["pillow", "ffmpeg", "imagemagick"] if reader == "auto" else [reader]
    errors = []
    for name in order:
        try:
            return READERS[name](path), name
        except Exception as error:  # noqa: BLE001 - any reader failure means: try the next one
            errors.append(f"{name}: {str(error)[:80]}")
    raise OSError("no reference reader decodes it (" + "; ".join(errors) + ")")


def compare(ours, ref, max_diff, min_psnr):
    if ours.size != ref.size:
        return f"size {ours.size[0]}×{ours.size[1]}, the reference is {ref.size[0]}×{ref.size[1]}"
    a = ours.tobytes()
    b = ref.tobytes()
    worst = 0
    total = 0
    count = 0
    for i in range(0, len(a), 4):
        both_clear = a[i + 3] == 0 and b[i + 3] == 0
        for c in range(4):
            if both_clear and c < 3:
                continue
            d = abs(a[i + c] - b[i + c])
            total += d * d
            count += 1
            if d > worst:
                worst = d
    mse = total / max(1, count)
    psnr = math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)
    if worst <= max_diff or psnr >= min_psnr:
        return None
    return f"pixels differ: largest difference {worst} (allowed {max_diff}), PSNR {psnr:.1f} dB (needed {min_psnr})"


def reference_image(ref, input_path):
    if "png" in ref:
        return rgba(Image.open(ref["png"])), "expected PNG"
    if ref.get("opaque"):
        im, name = read_reference(ref.get("file", input_path), ref.get("reader", "auto"))
        im.putalpha(255)
        return im, name + " (alpha set opaque)"
    if "swizzled" in ref:
        im, name = read_reference(ref["swizzled"])
        r, g, b, a = im.split()
        return Image.merge("RGBA", (a, g, b, Image.new("L", im.size, 255))), name + " (RXGB swizzled back)"
    return read_reference(ref.get("file", input_path), ref.get("reader", "auto"))


# --- "split": each mip level of a 2D texture as a DDS file of its own -------------------------

BLOCK8 = {b"DXT1", b"ATI1", b"BC4U", b"BC4S"}
BLOCK16 = {b"DXT2", b"DXT3", b"DXT4", b"DXT5", b"ATI2", b"BC5U", b"BC5S", b"RXGB"}
DXGI_BLOCK8 = {70, 71, 72, 79, 80, 81}
DXGI_BLOCK16 = {73, 74, 75, 76, 77, 78, 82, 83, 84, 94, 95, 96, 97, 98, 99}
DXGI_BYTES = {28: 4, 29: 4, 87: 4, 88: 4, 90: 4, 91: 4, 24: 4, 10: 8, 11: 8, 2: 16, 61: 1, 49: 2, 85: 2, 86: 2, 115: 2}


def level_bytes(head, dx10, width, height):
    pf_flags, four = struct.unpack("<I", head[80:84])[0], head[84:88]
    if dx10 is not None:
        fmt = dx10[0]
        if fmt in DXGI_BLOCK8 or fmt in DXGI_BLOCK16:
            return max(1, (width + 3) // 4) * max(1, (height + 3) // 4) * (8 if fmt in DXGI_BLOCK8 else 16)
        return width * height * DXGI_BYTES[fmt]
    if pf_flags & 0x4:
        if four in BLOCK8 or four in BLOCK16:
            return max(1, (width + 3) // 4) * max(1, (height + 3) // 4) * (8 if four in BLOCK8 else 16)
        raise OSError(f"the judge cannot split FourCC {four!r}")
    bits = struct.unpack("<I", head[88:92])[0]
    return width * height * bits // 8


def split_volume(data, work):
    """Every depth slice of every mip level of a legacy-header volume texture (DDSCAPS2_VOLUME or
    DDSD_DEPTH, as DirectXTex reads either), level by level, each cut out into a one-image 2D DDS file;
    None when the file is no volume or does not hold the first level's slices (a stale depth)."""
    head = data[:128]
    flags, caps2 = struct.unpack("<I", head[8:12])[0], struct.unpack("<I", head[112:116])[0]
    depth = struct.unpack("<I", head[24:28])[0]
    if data[84:88] == b"DX10" or not (caps2 & 0x200000 or flags & 0x800000) or depth < 2:
        return None
    height, width = struct.unpack("<2I", head[12:20])
    if 128 + level_bytes(head, None, width, height) * depth > len(data):
        return None
    mips = max(1, struct.unpack("<I", head[28:32])[0])
    files = []
    offset = 128
    for level in range(mips):
        w, h, slices = max(1, width >> level), max(1, height >> level), max(1, depth >> level)
        size = level_bytes(head, None, w, h)
        for z in range(slices):
            if offset + size > len(data):
                return files
            one = bytearray(head)
            struct.pack_into("<2I", one, 12, h, w)
            struct.pack_into("<2I", one, 24, 0, 1)  # no depth, one mip level
            struct.pack_into("<I", one, 8, struct.unpack("<I", one[8:12])[0] & ~0x820000)  # no DEPTH, MIPMAPCOUNT
            struct.pack_into("<I", one, 112, 0)
            one += data[offset:offset + size]
            offset += size
            name = os.path.join(work, f"level{level}-slice{z}.dds")
            with open(name, "wb") as f:
                f.write(one)
            files.append(name)
    return files


def split_levels(path, work):
    """Every image of a 2D texture, cube or array, each cut out into a one-image DDS file.

    Layers (cube faces, array elements) follow each other, each with its mip chain; a file that holds
    fewer mip levels or layers than its header declares keeps the ones it holds whole.
    """
    with open(path, "rb") as f:
        data = f.read()
    volume = split_volume(data, work)
    if volume is not None:
        return volume
    head = data[:128]
    is_dx10 = data[84:88] == b"DX10"
    dx10 = struct.unpack("<5I", data[128:148]) if is_dx10 else None
    start = 148 if is_dx10 else 128
    height, width = struct.unpack("<2I", head[12:20])
    caps2 = struct.unpack("<I", head[112:116])[0]
    if dx10 is not None:
        layers = max(1, dx10[3]) * (6 if dx10[2] & 4 else 1)
    else:
        layers = bin(caps2 & 0xFC00).count("1") if caps2 & 0xFE00 else 1
        layers = layers or 6
    chain = int(math.floor(math.log2(max(width, height)))) + 1
    mips = min(max(1, struct.unpack("<I", head[28:32])[0]), chain)
    available = len(data) - start

    def layer_size(n):
        return sum(level_bytes(head, dx10, max(1, width >> l), max(1, height >> l)) for l in range(n))

    # the declared layers, else (a DX10 cube whose array size counts faces) a sixth of them, each with
    # as many mip levels as fit; else the whole layers the file holds at one level
    counts = [layers] + ([layers // 6] if dx10 is not None and dx10[2] & 4 and layers % 36 == 0 else [])
    fitted = next(((n, m) for n in counts for m in range(mips, 0, -1) if n * layer_size(m) <= available), None)
    layers, mips = fitted if fitted is not None else (available // layer_size(1), 1)
    files = []
    offset = start
    for layer in range(layers):
        for level in range(mips):
            w, h = max(1, width >> level), max(1, height >> level)
            size = level_bytes(head, dx10, w, h)
            one = bytearray(data[:start])
            struct.pack_into("<2I", one, 12, h, w)
            struct.pack_into("<I", one, 28, 1)
            struct.pack_into("<I", one, 8, struct.unpack("<I", one[8:12])[0] & ~0x20000)
            struct.pack_into("<I", one, 112, 0)  # no cube faces
            if dx10 is not None:
                struct.pack_into("<3I", one, 132, 3, 0, 1)  # a 2D texture, not a cube, one element
            one += data[offset:offset + size]
            offset += size
            name = os.path.join(work, f"layer{layer}-level{level}.dds")
            with open(name, "wb") as f:
                f.write(one)
            files.append(name)
    return files


def judge(case, output):
    ref = case.get("reference", {"reader": "auto"})
    max_diff = ref.get("maxDiff", 4)
    min_psnr = ref.get("minPsnr", 45)
    if case["category"] == "dds-to-png":
        try:
            expected, source = reference_image(ref, case["input"])
        except Exception as error:  # noqa: BLE001
            return f"no reference: {error}"
        ours = rgba(Image.open(output))
        if "crop" in ref:  # the reference shows one rectangle of the image: x, y, width, height
            x, y, w, h = ref["crop"]
            ours = ours.crop((x, y, x + w, y + h))
        problem = compare(ours, expected, max_diff, min_psnr)
        return None if problem is None else f"{problem} (reference: {source})"
    if zipfile.is_zipfile(output):
        with zipfile.ZipFile(output) as z:
            entries = [rgba(Image.open(io.BytesIO(z.read(name)))) for name in z.namelist()]
            names = z.namelist()
    else:  # the tool page offers no ZIP for a file of one image: its download is that PNG
        entries = [rgba(Image.open(output))]
        names = [os.path.basename(output)]
    surfaces = case.get("surfaces", "split")
    with tempfile.TemporaryDirectory() as work:
        if surfaces == "split":
            refs = []
            for level_file in split_levels(case["input"], work):
                im, _ = read_reference(level_file, ref.get("reader", "auto"))
                refs.append(im)
        else:
            refs = [rgba(Image.open(s["png"])) for s in surfaces]
        if len(entries) != len(refs):
            return f"the zip holds {len(entries)} images, the file {len(refs)}"
        for name, ours, expected in zip(names, entries, refs):
            problem = compare(ours, expected, max_diff, min_psnr)
            if problem is not None:
                return f"{name}: {problem}"
    return None


def main():
    with open(sys.argv[1]) as f:
        case = json.load(f)
    try:
        problem = judge(case, sys.argv[2])
    except Exception as error:  # noqa: BLE001 - an unreadable output is a wrong output
        problem = f"cannot judge: {type(error).__name__}: {str(error)[:200]}"
    json.dump({"ok": problem is None, "reason": problem or ""}, sys.stdout)


if __name__ == "__main__":
    main()
