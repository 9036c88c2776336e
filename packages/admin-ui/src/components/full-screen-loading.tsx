import { PlainStyles, Spinner } from './plain-styles';

/** The session check and the signed-in shell's first load: shown before antd is loaded. */
export function FullScreenLoading({ text }: { text: string }) {
  return (
    <div className="wk-full" data-testid="admin-loading">
      <PlainStyles />
      <Spinner />
      <span className="wk-full-text">{text}</span>
    </div>
  );
}
