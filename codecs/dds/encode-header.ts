/**
 * DDS header writing for the encoder (layout: Microsoft's DDS_HEADER / DDS_PIXELFORMAT /
 * DDS_HEADER_DXT10 reference). All fields little-endian; unused and reserved fields are zero.
 *
 * offset  field                      rgba8                     bc1 / bc3                 bc7
 *   0     magic "DDS "
 *   4     dwSize                     124
 *   8     dwFlags                    CAPS|HEIGHT|WIDTH|PIXELFORMAT, + PITCH (rgba8) or LINEARSIZE
 *                                    (block formats), + MIPMAPCOUNT when a chain was asked for
 *  12/16  dwHeight / dwWidth
 *  20     dwPitchOrLinearSize        width * 4                 bytes of the top level    bytes of the top level
 *  24     dwDepth                    0
 *  28     dwMipMapCount              levels (0 without mipmaps)
 *  32     dwReserved1[11]            0
 *  76     ddspf.dwSize               32
 *  80     ddspf.dwFlags              RGB|ALPHAPIXELS (0x41)    FOURCC (0x4)              FOURCC (0x4)
 *  84     ddspf.dwFourCC             0                         "DXT1" / "DXT5"           "DX10"
 *  88     ddspf.dwRGBBitCount        32                        0                         0
 *  92-104 R, G, B, A masks           0xff, 0xff00, 0xff0000, 0xff000000 (rgba8), else 0
 * 108     dwCaps                     TEXTURE, + COMPLEX|MIPMAP with more than one level
 * 112-124 dwCaps2..4, dwReserved2    0
 * 128     DX10 (bc7 only): dxgiFormat 98 (BC7_UNORM), resourceDimension 3 (TEXTURE2D),
 *         miscFlag 0, arraySize 1, miscFlags2 0 (alpha mode unknown)
 */

export type DdsHeaderKind = "rgba8" | "bc1" | "bc3" | "bc7";

export interface DdsHeaderFields {
  kind: DdsHeaderKind;
  width: number;
  height: number;
  /** Levels written; 0 when no mipmaps were asked for (no DDSD_MIPMAPCOUNT). */
  mipCount: number;
  /** Bytes of the top level (the linear size of block formats). */
  topLevelBytes: number;
}

const DDSD_CAPS = 0x1;
const DDSD_HEIGHT = 0x2;
const DDSD_WIDTH = 0x4;
const DDSD_PITCH = 0x8;
const DDSD_PIXELFORMAT = 0x1000;
const DDSD_MIPMAPCOUNT = 0x20000;
const DDSD_LINEARSIZE = 0x80000;
const DDPF_ALPHAPIXELS = 0x1;
const DDPF_FOURCC = 0x4;
const DDPF_RGB = 0x40;
const DDSCAPS_COMPLEX = 0x8;
const DDSCAPS_TEXTURE = 0x1000;
const DDSCAPS_MIPMAP = 0x400000;
const DXGI_FORMAT_BC7_UNORM = 98;
const D3D10_RESOURCE_DIMENSION_TEXTURE2D = 3;

/** Bytes before the first surface. */
export function ddsHeaderBytes(kind: DdsHeaderKind): number {
  return kind === "bc7" ? 148 : 128;
}

function fourCC(s: string): number {
  return (s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24)) >>> 0;
}

/** Writes the header at the start of `out` (zeroed memory assumed); returns its length. */
export function writeDdsHeader(out: Uint8Array, fields: DdsHeaderFields): number {
  const { kind, width, height, mipCount, topLevelBytes } = fields;
  const view = new DataView(out.buffer, out.byteOffset, ddsHeaderBytes(kind));
  const put = (offset: number, value: number) => view.setUint32(offset, value >>> 0, true);
  const rgba = kind === "rgba8";
  put(0, fourCC("DDS "));
  put(4, 124);
  put(
    8,
    DDSD_CAPS |
      DDSD_HEIGHT |
      DDSD_WIDTH |
      DDSD_PIXELFORMAT |
      (rgba ? DDSD_PITCH : DDSD_LINEARSIZE) |
      (mipCount > 0 ? DDSD_MIPMAPCOUNT : 0),
  );
  put(12, height);
  put(16, width);
  put(20, rgba ? width * 4 : topLevelBytes);
  put(28, mipCount);
  put(76, 32);
  if (rgba) {
    put(80, DDPF_RGB | DDPF_ALPHAPIXELS);
    put(88, 32);
    put(92, 0x000000ff);
    put(96, 0x0000ff00);
    put(100, 0x00ff0000);
    put(104, 0xff000000);
  } else {
    put(80, DDPF_FOURCC);
    put(84, fourCC(kind === "bc1" ? "DXT1" : kind === "bc3" ? "DXT5" : "DX10"));
  }
  put(108, DDSCAPS_TEXTURE | (mipCount > 1 ? DDSCAPS_COMPLEX | DDSCAPS_MIPMAP : 0));
  if (kind === "bc7") {
    put(128, DXGI_FORMAT_BC7_UNORM);
    put(132, D3D10_RESOURCE_DIMENSION_TEXTURE2D);
    put(140, 1);
  }
  return ddsHeaderBytes(kind);
}
