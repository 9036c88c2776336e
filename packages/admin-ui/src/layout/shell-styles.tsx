/**
 * The signed-in shell's sidebar, phone drawer and hover tips as plain elements: antd's Menu,
 * Drawer and Tooltip (with the popup, motion and form code they share) were a third of what the
 * dashboard loaded, for a list of links. The look is theirs, read from antd's CSS variables
 * (fallbacks: app/theme.ts). Every rule is scoped to a wk- class: the site's own stylesheet
 * is absent in the desktop app, so nothing here relies on it.
 */
const TIP_BG = 'var(--ant-color-bg-spotlight,rgba(0,0,0,0.85))';
const TIP_SHADOW = '0 6px 16px 0 rgba(0,0,0,0.08),0 3px 6px -4px rgba(0,0,0,0.12),0 9px 28px 8px rgba(0,0,0,0.05)';
const TIP = `margin:0;padding:6px 8px;min-height:32px;box-sizing:border-box;font-size:var(--ant-font-size,14px);line-height:22px;font-weight:400;white-space:nowrap;color:#fff;background:${TIP_BG};border-radius:var(--ant-border-radius,8px);box-shadow:${TIP_SHADOW};opacity:0;pointer-events:none;transition:opacity .1s;z-index:1070`;
const TIP_SHOWN = 'opacity:1;transition-delay:.1s';

const CSS = `
.wk-shell{display:flex;min-height:100vh;background:var(--ant-color-bg-layout,#f5f6fa)}
.wk-main{display:flex;flex-direction:column;flex:auto;min-width:0}
.wk-header{position:sticky;top:0;z-index:10;display:flex;align-items:center;justify-content:space-between;height:56px;line-height:56px;padding:0 16px;box-sizing:border-box;background:#fff;border-bottom:1px solid #eceef3}
.wk-content{flex:auto;display:block}
.wk-avatar{display:inline-flex;align-items:center;justify-content:center;flex:none;width:30px;height:30px;border-radius:50%;font-size:15px;background:#eef0ff;color:#4f46e5}
.wk-sider{position:relative;z-index:5;flex:none;box-sizing:border-box;background:#fff;border-inline-end:1px solid #eceef3;transition:width .2s,min-width .2s,max-width .2s,flex-basis .2s}
.wk-sider-inner{position:sticky;top:0;height:100vh}
.wk-panel{display:flex;flex-direction:column;height:100%}
.wk-brand{display:flex;align-items:center;gap:10px;flex:none;height:56px;padding:0 20px;box-sizing:border-box;border-bottom:1px solid #f0f0f0}
.wk-collapsed .wk-brand{padding:0 8px}
.wk-logo{display:flex;align-items:center;justify-content:center;flex:none;width:30px;height:30px;border-radius:8px;background:#4f46e5;color:#fff;font-weight:700;font-size:13px}
.wk-nav{flex:1;padding-top:8px}
.wk-nav-foot{flex:none;border-top:1px solid #f0f0f0}
.wk-nav ul,.wk-nav-foot{list-style:none;margin:0;padding:0}
.wk-nav li,.wk-nav-foot li{margin:4px 8px}
.wk-nav-item{position:relative;display:flex;align-items:center;width:100%;height:40px;margin:0;padding:0 16px 0 24px;box-sizing:border-box;border:0;border-radius:6px;background:transparent;color:var(--ant-color-text,rgba(0,0,0,0.88));font:inherit;font-size:var(--ant-font-size,14px);line-height:40px;text-align:start;text-decoration:none;white-space:nowrap;cursor:pointer;transition:border-color .3s,background-color .3s}
.wk-nav-item:hover{background:var(--ant-color-bg-text-hover,rgba(0,0,0,0.06));color:var(--ant-color-text,rgba(0,0,0,0.88))}
.wk-nav-item[aria-current=page]{background:var(--ant-color-primary-bg,#f3f0ff);color:var(--ant-color-primary,#4f46e5)}
.wk-nav-item.wk-danger,.wk-nav-item.wk-danger:hover{color:var(--ant-color-error,#ef4444)}
.wk-nav-item:focus-visible{outline:var(--ant-line-width-focus,3px) solid var(--ant-color-primary-border,#d1c9ff);outline-offset:1px}
.wk-nav-item .anticon{flex:none;min-width:14px;font-size:14px}
.wk-nav-label{margin-inline-start:10px;overflow:hidden;text-overflow:ellipsis}
.wk-collapsed .wk-nav-item{justify-content:center;padding:0}
.wk-collapsed .wk-nav-item .anticon{font-size:16px}
.wk-collapsed .wk-nav-label{position:absolute;left:calc(100% + 12px);top:50%;transform:translateY(-50%);overflow:visible;${TIP}}
.wk-collapsed .wk-nav-label::before{content:"";position:absolute;right:100%;top:50%;margin-top:-5px;border:5px solid transparent;border-right-color:${TIP_BG}}
.wk-collapsed .wk-nav-item:hover .wk-nav-label,.wk-collapsed .wk-nav-item:focus-visible .wk-nav-label{${TIP_SHOWN}}
.wk-tip-host{position:relative;display:inline-flex}
.wk-tip{position:absolute;top:calc(100% + 11px);left:50%;transform:translateX(-50%);${TIP}}
.wk-tip::before{content:"";position:absolute;bottom:100%;left:50%;margin-left:-5px;border:5px solid transparent;border-bottom-color:${TIP_BG}}
.wk-tip-host:hover .wk-tip,.wk-tip-host:has(:focus-visible) .wk-tip{${TIP_SHOWN}}
.wk-drawer{position:fixed;inset:0 auto 0 0;max-width:100%;height:100%;max-height:none;margin:0;padding:0;border:0;overflow:auto;color:inherit;background:#fff;box-shadow:6px 0 16px 0 rgba(0,0,0,0.08),3px 0 6px -4px rgba(0,0,0,0.12),9px 0 28px 8px rgba(0,0,0,0.05);transform:translateX(-100%);transition:transform .3s,display .3s allow-discrete,overlay .3s allow-discrete}
.wk-drawer[open]{transform:none}
.wk-drawer::backdrop{background:rgba(0,0,0,0);transition:background-color .3s,display .3s allow-discrete,overlay .3s allow-discrete}
.wk-drawer[open]::backdrop{background:rgba(0,0,0,0.45)}
.wk-drawer:focus{outline:none}
@starting-style{.wk-drawer[open]{transform:translateX(-100%)}.wk-drawer[open]::backdrop{background:rgba(0,0,0,0)}}
body:has(.wk-drawer[open]){overflow:hidden}
@media (prefers-reduced-motion:reduce){.wk-sider,.wk-drawer,.wk-drawer::backdrop{transition:none}}
`;

export function ShellStyles() {
  return <style>{CSS}</style>;
}
