export declare function encodePng(
  width: number,
  height: number,
  colourType: 0 | 2,
  scanlines: Buffer,
): Buffer;
