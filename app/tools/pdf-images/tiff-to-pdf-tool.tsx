import { acceptOf } from "../shared/file-accept.ts";
import type { ToolComponentProps } from "../types.ts";
import { ImagesToPdfTool } from "./images-to-pdf-tool.tsx";

export default function TiffToPdfTool({ meta }: ToolComponentProps) {
  return (
    <ImagesToPdfTool
      source="tiff"
      accept={acceptOf(meta)}
      successDescription="TIFF converted to PDF"
      explanation="Every page of the TIFF becomes a PDF page at the size its resolution gives it (72 dpi when the file does not say). Uncompressed, LZW, Deflate, PackBits, JPEG and fax (CCITT G3/G4) TIFFs are read."
    />
  );
}
