import { acceptOf } from "../shared/file-accept.ts";
import type { ToolComponentProps } from "../types.ts";
import { ImagesToPdfTool } from "./images-to-pdf-tool.tsx";

export default function PsbToPdfTool({ meta }: ToolComponentProps) {
  return (
    <ImagesToPdfTool
      source="psb"
      accept={acceptOf(meta)}
      successDescription="PSB converted to PDF"
      explanation="The Photoshop document's composite (flattened) image becomes one PDF page, sized from the document's resolution (72 dpi when it has none). A file saved without a composite is rebuilt from its visible layers; anything that could not be drawn is listed after the conversion."
    />
  );
}
