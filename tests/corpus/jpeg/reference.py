"""The JPEG corpus's reference reader: Pillow (libjpeg-turbo underneath), or djpeg when Pillow
refuses a file libjpeg still decodes (ffmpeg for 12-bit files, which neither reads here), turned upright by the EXIF orientation (ImageOps.exif_transpose),
compared with our PNG or our ICO's largest icon. Prints one JSON line.

usage: reference.py png <reference.jpg> <ours.png>
       reference.py ico <reference.jpg> <ours_largest_icon.png>
       (a fourth argument --djpeg takes djpeg's pixels even when Pillow opens the file)
"""
import json
import math
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageFile, ImageOps

ImageFile.LOAD_TRUNCATED_IMAGES = True  # decode what is there, as djpeg does


def reference(path, djpeg_only=False):
    """The upright RGB picture as Pillow shows it; djpeg's pixels when Pillow cannot open the file
    (or when asked: for files cut short, where Pillow stops and libjpeg decodes on)."""
    # what libjpeg cannot decode at all (12-bit, lossless), Pillow "decodes" as black when told to
    # load truncated images: only ffmpeg is a reference then
    libjpeg_reads = subprocess.run(["djpeg", "-outfile", os.devnull, path], capture_output=True).returncode in (0, 2)
    try:
        if djpeg_only or not libjpeg_reads:
            raise ValueError("not Pillow")
        im = Image.open(path)
        im.load()
        oriented = ImageOps.exif_transpose(im)
        return oriented.convert("RGB"), "pillow"
    except Exception:
        pass
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ref.ppm")
        done = subprocess.run(["djpeg", "-outfile", out, path], capture_output=True)
        reader = "djpeg"
        # djpeg exits 2 after warnings (a file cut short, junk bytes) with the picture written
        if done.returncode not in (0, 2) or not os.path.exists(out) or os.path.getsize(out) == 0:
            # 12-bit JPEG: neither Pillow nor this djpeg reads it; ffmpeg's decoder does
            out = os.path.join(tmp, "ref.png")
            done = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-frames:v", "1", "-pix_fmt", "rgb24", "-y", out], capture_output=True)
            if done.returncode != 0 or not os.path.exists(out):
                return None, "none"
            reader = "ffmpeg"
        im = Image.open(out).convert("RGB")
        im.load()
    orientation = subprocess.run(["exiftool", "-n", "-s3", "-Orientation", path], capture_output=True, text=True).stdout.strip()
    method = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
              5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
              8: Image.Transpose.ROTATE_90}.get(int(orientation) if orientation.isdigit() else 1)
    return (im.transpose(method) if method is not None else im), reader


def psnr(a, b):
    """PSNR over all channels of two same-size images (inf when identical)."""
    da, db = a.tobytes(), b.tobytes()
    total = sum((x - y) * (x - y) for x, y in zip(da, db))
    if total == 0:
        return math.inf, 0
    mse = total / len(da)
    return 10 * math.log10(255 * 255 / mse), max(abs(x - y) for x, y in zip(da, db))


def on_grey(im):
    """An RGBA image composited on mid grey: transparent padding and picture both count."""
    back = Image.new("RGBA", im.size, (128, 128, 128, 255))
    back.alpha_composite(im.convert("RGBA"))
    return back.convert("RGB")


def main():
    mode, ref_path, ours_path = sys.argv[1:4]
    ref, reader = reference(ref_path, "--djpeg" in sys.argv[4:])
    if ref is None:
        print(json.dumps({"error": "no reference reader decodes this file"}))
        return
    ours = Image.open(ours_path)
    if mode == "ico":
        side = max(ref.size)
        square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        square.paste(ref.convert("RGBA"), ((side - ref.width) // 2, (side - ref.height) // 2))
        ref = on_grey(square.resize(ours.size, Image.Resampling.LANCZOS))
        ours = on_grey(ours)
    else:
        ours = ours.convert("RGB")
    if ours.size != ref.size:
        print(json.dumps({"reader": reader, "size": list(ours.size), "refSize": list(ref.size)}))
        return
    value, worst = psnr(ours, ref)
    print(json.dumps({"reader": reader, "psnr": None if value == math.inf else round(value, 2), "maxDiff": worst}))


main()
