// A picture held in memory (a cover), shown through an object URL that lives exactly as long as the
// <img> shows it: the ref's cleanup revokes it (also right under StrictMode, which attaches refs twice).
import { useCallback, type ImgHTMLAttributes } from "react";

export function BlobImage({ blob, alt, ...props }: { blob: Blob; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "ref">) {
  const attachSource = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={attachSource} alt={alt} {...props} />;
}
