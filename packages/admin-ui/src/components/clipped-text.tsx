/** One line of at most `width` px, cut with an ellipsis; the whole text on hover (and in the CSV). */
export function ClippedText({ text, width }: { text: string; width: number }) {
  return (
    <span title={text} style={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </span>
  );
}
