// Whether a chosen file starts as JPEG data, for the JPEG tools' pages: a file the browser cannot
// preview stays convertible when it is a JPEG, so the worker's own decoder gets to read it.
import { useEffect, useState } from "react";
import { startsLikeJpeg } from "./jpeg-size";

/** Whether `file` starts as JPEG data, checked once per chosen file. */
export function useStartsLikeJpeg(file: File | null): boolean {
  const [checked, setChecked] = useState<{ file: File; jpeg: boolean } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    void startsLikeJpeg(file).then((jpeg) => {
      if (current) setChecked({ file, jpeg });
    });
    return () => {
      current = false;
    };
  }, [file]);
  return checked !== null && checked.file === file && checked.jpeg;
}
