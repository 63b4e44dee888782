const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** Splits a title into at most three lines of about 14 characters for the cover. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** A gradient cover with circles and the title, as SVG (rendered to PNG by sharp). */
export function coverSvg(title: string, subtitle: string, hues: [number, number], isRound = false): string {
  const [a, b] = hues;
  const lines = titleLines(title);
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${360 - (lines.length - 1 - i) * 58}" font-family="DejaVu Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const mask = isRound ? '<clipPath id="c"><circle cx="250" cy="250" r="250"/></clipPath>' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},70%,55%)"/><stop offset="1" stop-color="hsl(${b},65%,30%)"/></linearGradient>${mask}</defs>
<g${isRound ? ' clip-path="url(#c)"' : ''}><rect width="500" height="500" fill="url(#g)"/>
<circle cx="390" cy="110" r="150" fill="hsl(${b},80%,70%)" fill-opacity="0.25"/>
<circle cx="120" cy="420" r="90" fill="hsl(${a},90%,80%)" fill-opacity="0.2"/>
${text}<text x="40" y="430" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text></g></svg>`;
}

export async function renderCover(svg: string, file: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toFile(file);
}
