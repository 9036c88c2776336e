import { Flex, Switch, Typography } from 'antd';

/** A label, its explanation and an on/off switch that saves at once. */
export function SettingSwitch(p: { label: string; help: string; checked: boolean; disabled: boolean; loading: boolean; onChange: (v: boolean) => void; testId: string }) {
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Text strong>{p.label}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {p.help}
        </Typography.Text>
      </div>
      <Switch checked={p.checked} disabled={p.disabled} loading={p.loading} onChange={p.onChange} aria-label={p.label} data-testid={p.testId} />
    </Flex>
  );
}
