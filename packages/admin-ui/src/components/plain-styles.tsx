/**
 * The few screens shown before antd is loaded (sign-in, the session check, a screen's first
 * load) are plain elements styled to match the antd theme (app/theme.ts): the login screen
 * then costs React and this file, not antd. One style element, rendered where they are.
 */
const CSS = `
.wk-full{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;background:#f5f6fa}
.wk-full-text{font-size:14px;color:rgba(0,0,0,0.45)}
.wk-spin{width:32px;height:32px;border-radius:50%;border:3px solid rgba(79,70,229,0.18);border-top-color:#4f46e5;animation:wk-spin .8s linear infinite;box-sizing:border-box}
.wk-spin-box{display:flex;align-items:center;justify-content:center;min-height:240px}
@keyframes wk-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.wk-spin{animation-duration:2s}}
.wk-auth{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;background:linear-gradient(160deg,#eef0ff 0%,#f7f8fb 55%);font-family:Inter,-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:14px;line-height:1.5714;color:rgba(0,0,0,0.88)}
.wk-auth *,.wk-auth *::before,.wk-auth *::after{box-sizing:border-box}
.wk-card{width:100%;max-width:400px;background:#fff;border:1px solid #f0f0f0;border-radius:10px;padding:32px;box-shadow:0 10px 30px rgba(30,41,90,0.08)}
.wk-card-head{display:flex;flex-direction:column;align-items:center;gap:6px;margin-bottom:24px;text-align:center}
.wk-logo{display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:12px;background:#4f46e5;color:#fff;font-weight:700}
.wk-title{margin:8px 0 0;font-size:24px;line-height:1.3333;font-weight:600;letter-spacing:-0.02em;color:rgba(0,0,0,0.88)}
.wk-subtitle{color:rgba(0,0,0,0.45)}
.wk-alert{display:flex;align-items:flex-start;gap:8px;padding:8px 12px;margin-bottom:16px;border:1px solid #ffccc7;background:#fff2f0;border-radius:10px;word-break:break-word}
.wk-alert svg{flex:none;margin-top:4px;color:#ef4444}
.wk-notice{position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:1010;display:flex;align-items:center;gap:8px;padding:9px 12px;background:#fff;border-radius:10px;box-shadow:0 6px 16px rgba(0,0,0,0.08),0 3px 6px -4px rgba(0,0,0,0.12),0 9px 28px 8px rgba(0,0,0,0.05)}
.wk-notice svg{color:#10b981}
.wk-field{margin-bottom:24px}
.wk-label{display:block;padding-bottom:8px;color:rgba(0,0,0,0.88)}
.wk-input{display:flex;align-items:center;gap:4px;padding:7px 11px;font-size:16px;line-height:1.5;background:#fff;border:1px solid #d9d9d9;border-radius:10px;transition:all .2s}
.wk-input:hover{border-color:#7a73f0}
.wk-input:focus-within{border-color:#4f46e5;box-shadow:0 0 0 2px rgba(79,70,229,0.1)}
.wk-input-error,.wk-input-error:hover,.wk-input-error:focus-within{border-color:#ef4444}
.wk-input-error:focus-within{box-shadow:0 0 0 2px rgba(239,68,68,0.1)}
.wk-input input{flex:1;min-width:0;padding:0;border:0;outline:0;font:inherit;color:inherit;background:transparent}
.wk-input input::placeholder{color:rgba(0,0,0,0.25)}
.wk-input input:disabled{cursor:not-allowed;color:rgba(0,0,0,0.25)}
.wk-input svg{flex:none;color:rgba(0,0,0,0.88)}
.wk-reveal{display:flex;padding:0;border:0;background:none;cursor:pointer;color:rgba(0,0,0,0.45)}
.wk-reveal svg{color:inherit}
.wk-link-button{padding:0;border:0;background:none;font:inherit;color:#4f46e5;cursor:pointer}
.wk-error{color:#ef4444;min-height:22px;margin-top:2px}
.wk-field-invalid{margin-bottom:0}
.wk-button{width:100%;height:40px;padding:0 15px;font:inherit;font-size:16px;font-weight:400;color:#fff;background:#4f46e5;border:1px solid transparent;border-radius:10px;box-shadow:0 2px 0 rgba(79,70,229,0.1);cursor:pointer;display:inline-flex;align-items:center;justify-content:center;gap:8px;transition:all .2s}
.wk-button:hover{background:#7a73f0}
.wk-button:active{background:#3a32c2}
.wk-button:focus-visible{outline:4px solid rgba(79,70,229,0.35);outline-offset:1px}
.wk-button:disabled{opacity:.65;cursor:default}
.wk-button-secondary{color:#4f46e5;background:#fff;border-color:#4f46e5}
.wk-button-secondary:hover{color:#fff}
.wk-button.wk-button-secondary .wk-spin{border-color:rgba(79,70,229,0.25);border-top-color:#4f46e5}
.wk-hint{margin:8px 0 0;font-size:14px;color:#595959}
.wk-button .wk-spin{width:16px;height:16px;border-width:2px;border-color:rgba(255,255,255,0.35);border-top-color:#fff}
`;

export function PlainStyles() {
  return <style>{CSS}</style>;
}

export function Spinner() {
  return <span className="wk-spin" role="img" aria-label="Loading" />;
}

/** antd's own icon paths (viewBox 64 64 896 896), drawn without loading the icon package. */
export function PlainIcon({ d, size = 14 }: { d: string | string[]; size?: number }) {
  return (
    <svg viewBox="64 64 896 896" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false">
      {(Array.isArray(d) ? d : [d]).map((p) => (
        <path key={p} d={p} />
      ))}
    </svg>
  );
}

export const ICONS = {
  mail: 'M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 110.8V792H136V270.8l-27.6-21.5 39.3-50.5 42.8 33.3h643.1l42.8-33.3 39.3 50.5-27.7 21.5zM833.6 232L512 482 190.4 232l-42.8-33.3-39.3 50.5 27.6 21.5 341.6 265.6a55.99 55.99 0 0068.7 0L888 270.8l27.6-21.5-39.3-50.5-42.7 33.2z',
  lock: 'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
  eye: 'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  eyeInvisible: [
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
    'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
  ],
  checkCircle:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  closeCircle:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
};
