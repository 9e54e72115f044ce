/**
 * Follows `input`'s width and calls `show` with the index of the longest of `texts` (longest first)
 * that fits it, measured in the input's own font (issue 31: "Marca, modelo o a" cut on a phone).
 * Loaded after the page is live: not part of the results' or the home's first load. Returns the stop.
 */
export function fitPlaceholder(input: HTMLInputElement, texts: string[], show: (index: number) => void): () => void {
  const pen = document.createElement('canvas').getContext('2d')!;
  const resized = new ResizeObserver(() => {
    const style = getComputedStyle(input);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const index = texts.findIndex((text) => pen.measureText(text).width <= room);
    show(index < 0 ? texts.length - 1 : index);
  });
  resized.observe(input);
  return () => resized.disconnect();
}
