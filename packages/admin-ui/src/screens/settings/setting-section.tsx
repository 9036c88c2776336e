import type { SettingKey, Settings } from '@workshop/shared';
import { Button, Card, Form } from 'antd';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { SettingSwitch } from './setting-row';

/** What the section's text input is wired to. */
export interface SettingFieldBinding {
  /** Ties the field to its label. */
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  disabled: boolean;
}

type ParseResult<V> = { success: true; data: V } | { success: false; error: { issues: { message: string }[] } };

/** The settings that are an on/off switch plus one text field. */
export type ToggleSettingKey = Exclude<SettingKey, 'site_links' | 'refund_policy' | 'waitlist' | 'retention'>;

/** One setting's card: its on/off switch saves at once, its text field saves with the button once valid. */
export interface SettingSectionConfig<K extends ToggleSettingKey> {
  key: K;
  title: string;
  testId: string;
  toggle: { label: string; help: string; testId: string };
  field: { label: string; saveLabel: string };
  /** The field's text for the saved value. */
  text: (value: Settings[K]) => string;
  /** The saved value with the field's text put in, checked by the setting's schema. */
  parse: (text: string, value: Settings[K]) => ParseResult<Settings[K]>;
  input: (bind: SettingFieldBinding) => ReactNode;
  /** Keep Save disabled while the text is what is saved already. */
  saveOnlyChanges?: boolean;
}

interface Props<K extends ToggleSettingKey> {
  config: SettingSectionConfig<K>;
  value: Settings[K];
  disabled: boolean;
  saving: boolean;
  save: (value: Settings[K]) => Promise<boolean>;
}

export function SettingSection<K extends ToggleSettingKey>({ config, value, disabled, saving, save }: Props<K>) {
  const saved = config.text(value);
  const fieldId = `setting-${config.key}`;
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  useEffect(() => setText(saved), [saved]);
  const submit = () => {
    const parsed = config.parse(text, value);
    setError(parsed.success ? undefined : parsed.error.issues[0].message);
    if (parsed.success) void save(parsed.data);
  };
  return (
    <Card title={config.title} data-testid={config.testId}>
      <SettingSwitch
        label={config.toggle.label}
        help={config.toggle.help}
        checked={value.enabled}
        disabled={disabled}
        loading={saving}
        onChange={(enabled) => void save({ ...value, enabled })}
        testId={config.toggle.testId}
      />
      <Form layout="vertical">
        <Form.Item label={config.field.label} htmlFor={fieldId} validateStatus={error ? 'error' : undefined} help={error}>
          {config.input({ id: fieldId, value: text, onChange: (e) => setText(e.target.value), disabled })}
        </Form.Item>
        <Button onClick={submit} disabled={disabled || (config.saveOnlyChanges && text === saved)} loading={saving}>
          {config.field.saveLabel}
        </Button>
      </Form>
    </Card>
  );
}
