/**
 * Raw DDS header parsing: the "DDS " magic, the 124-byte DDS_HEADER with its 32-byte
 * DDS_PIXELFORMAT, and the optional 20-byte DDS_HEADER_DXT10 extension (FourCC "DX10").
 * Only structural checks happen here; ./dds.ts interprets the fields.
 */
import { KIND_BYTES, wrongKindMessage } from "../common/file-kind.ts";
import { DdsError } from "./errors.ts";
import { DDPF_FOURCC, fourCC } from "./formats.ts";

export const DDS_MAGIC = 0x20534444; // "DDS "
export const HEADER_SIZE = 124;
/** The header size field some writers got wrong; permissive readers accept it. */
const WRITER_BUG_HEADER_SIZE = 24;
export const PIXELFORMAT_SIZE = 32;
export const DX10_HEADER_SIZE = 20;
export const FOURCC_DX10 = fourCC("DX10");

// DDS_HEADER.flags
export const DDSD_CAPS = 0x1;
export const DDSD_HEIGHT = 0x2;
export const DDSD_WIDTH = 0x4;
export const DDSD_PITCH = 0x8;
export const DDSD_PIXELFORMAT = 0x1000;
export const DDSD_MIPMAPCOUNT = 0x20000;
export const DDSD_LINEARSIZE = 0x80000;
export const DDSD_DEPTH = 0x800000;

// DDS_HEADER.caps
export const DDSCAPS_COMPLEX = 0x8;
export const DDSCAPS_TEXTURE = 0x1000;
export const DDSCAPS_MIPMAP = 0x400000;

// DDS_HEADER.caps2
export const DDSCAPS2_CUBEMAP = 0x200;
export const DDSCAPS2_CUBEMAP_POSITIVEX = 0x400;
export const DDSCAPS2_CUBEMAP_NEGATIVEX = 0x800;
export const DDSCAPS2_CUBEMAP_POSITIVEY = 0x1000;
export const DDSCAPS2_CUBEMAP_NEGATIVEY = 0x2000;
export const DDSCAPS2_CUBEMAP_POSITIVEZ = 0x4000;
export const DDSCAPS2_CUBEMAP_NEGATIVEZ = 0x8000;
export const DDSCAPS2_CUBEMAP_ALLFACES = 0xfc00;
export const DDSCAPS2_VOLUME = 0x200000;

/** The six cube faces in file order, with the caps2 bit of each. */
export const CUBE_FACES: readonly (readonly [bit: number, name: string])[] = [
  [DDSCAPS2_CUBEMAP_POSITIVEX, "+X"],
  [DDSCAPS2_CUBEMAP_NEGATIVEX, "-X"],
  [DDSCAPS2_CUBEMAP_POSITIVEY, "+Y"],
  [DDSCAPS2_CUBEMAP_NEGATIVEY, "-Y"],
  [DDSCAPS2_CUBEMAP_POSITIVEZ, "+Z"],
  [DDSCAPS2_CUBEMAP_NEGATIVEZ, "-Z"],
];

// DDS_HEADER_DXT10
export const D3D10_RESOURCE_DIMENSION_TEXTURE1D = 2;
export const D3D10_RESOURCE_DIMENSION_TEXTURE2D = 3;
export const D3D10_RESOURCE_DIMENSION_TEXTURE3D = 4;
export const DDS_RESOURCE_MISC_TEXTURECUBE = 0x4;

export interface DdsPixelFormatHeader {
  readonly size: number;
  readonly flags: number;
  readonly fourCC: number;
  readonly rgbBitCount: number;
  readonly rBitMask: number;
  readonly gBitMask: number;
  readonly bBitMask: number;
  readonly aBitMask: number;
}

export interface DdsDx10Header {
  readonly dxgiFormat: number;
  readonly resourceDimension: number;
  readonly miscFlag: number;
  readonly arraySize: number;
  readonly miscFlags2: number;
}

export interface DdsHeader {
  readonly size: number;
  readonly flags: number;
  readonly height: number;
  readonly width: number;
  readonly pitchOrLinearSize: number;
  readonly depth: number;
  readonly mipMapCount: number;
  readonly pixelFormat: DdsPixelFormatHeader;
  readonly caps: number;
  readonly caps2: number;
  readonly caps3: number;
  readonly caps4: number;
  readonly dx10: DdsDx10Header | undefined;
  /** The fourth reserved word, where GIMP's DDS plug-in writes "YCG1", "YCG2" or "AEXP" (ffmpeg reads it). */
  readonly gimpTag: number;
  /** Offset of the first surface: 128, or 148 with the DX10 header. */
  readonly dataOffset: number;
}

/** Reads the headers; throws DdsError for a bad magic or a short file. */
export function readDdsHeader(bytes: Uint8Array): DdsHeader {
  if (bytes.length < 4) {
    throw new DdsError("This file is too short to be a DDS texture.", "bad-magic", { detail: `It is ${bytes.length} bytes long; a DDS header alone takes ${4 + HEADER_SIZE}.` });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (o: number) => view.getUint32(o, true);
  if (u32(0) !== DDS_MAGIC) {
    throw new DdsError(wrongKindMessage(bytes.subarray(0, KIND_BYTES), "a DDS texture") ?? "This file is not a DDS texture.", "bad-magic", {
      detail: 'It does not start with "DDS ", the signature every DDS file begins with.',
    });
  }
  if (bytes.length < 4 + HEADER_SIZE) {
    throw new DdsError(
      `This DDS file is truncated: its header needs ${4 + HEADER_SIZE} bytes and the file has only ${bytes.length} (${4 + HEADER_SIZE - bytes.length} bytes missing).`,
      "truncated",
    );
  }
  // The header is always 124 bytes. One known writer bug puts 24 in its size field, which
  // permissive readers (DirectXTex's DDS_FLAGS_PERMISSIVE, image-dds) read past; any other value
  // is refused, as Pillow, ImageMagick and ffmpeg all refuse it. The pixel format block's size
  // field is looser (Pillow ignores it): ./container refuses it only when its content is nonsense too.
  const size = u32(4);
  if (size !== HEADER_SIZE && size !== WRITER_BUG_HEADER_SIZE) {
    throw new DdsError(`This DDS file's header is damaged: its size field says ${size} bytes, where a DDS header has ${HEADER_SIZE}.`, "bad-header");
  }
  const pfSize = u32(76);
  const pixelFormat: DdsPixelFormatHeader = {
    size: pfSize,
    flags: u32(80),
    fourCC: u32(84),
    rgbBitCount: u32(88),
    rBitMask: u32(92),
    gBitMask: u32(96),
    bBitMask: u32(100),
    aBitMask: u32(104),
  };
  let dx10: DdsDx10Header | undefined;
  let dataOffset = 4 + HEADER_SIZE;
  // "DX10" with no pixel-format flag at all is a writer that forgot DDPF_FOURCC
  if (((pixelFormat.flags & DDPF_FOURCC) !== 0 || pixelFormat.flags === 0) && pixelFormat.fourCC === FOURCC_DX10) {
    if (bytes.length < dataOffset + DX10_HEADER_SIZE) {
      const need = dataOffset + DX10_HEADER_SIZE;
      throw new DdsError(
        `This DDS file is truncated: its DX10 header needs ${need} bytes and the file has only ${bytes.length} (${need - bytes.length} bytes missing).`,
        "truncated",
      );
    }
    dx10 = {
      dxgiFormat: u32(128),
      resourceDimension: u32(132),
      miscFlag: u32(136),
      arraySize: u32(140),
      miscFlags2: u32(144),
    };
    dataOffset += DX10_HEADER_SIZE;
  }
  return {
    size,
    flags: u32(8),
    height: u32(12),
    width: u32(16),
    pitchOrLinearSize: u32(20),
    depth: u32(24),
    mipMapCount: u32(28),
    pixelFormat,
    caps: u32(108),
    caps2: u32(112),
    caps3: u32(116),
    caps4: u32(120),
    gimpTag: u32(44),
    dx10,
    dataOffset,
  };
}
