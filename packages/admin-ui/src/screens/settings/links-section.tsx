import { fieldErrors, siteLinksSchema, type SiteLinks } from '@workshop/shared';
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';

const FIELDS: { key: keyof SiteLinks; label: string; help: string }[] = [
  { key: 'whatsapp_url', label: 'WhatsApp group link', help: "The thank-you page's WhatsApp Group button" },
  { key: 'discord_url', label: 'Discord server link', help: "The thank-you page's Discord Server button" },
  { key: 'demo_video_url', label: 'Demo video link', help: "The platform page's Watch a Demo button" },
  { key: 'twitter_url', label: 'X (Twitter) profile', help: 'Footer icon' },
  { key: 'linkedin_url', label: 'LinkedIn page', help: 'Footer icon' },
  { key: 'youtube_url', label: 'YouTube channel', help: 'Footer icon' },
  { key: 'instagram_url', label: 'Instagram profile', help: 'Footer icon' },
];

interface Props {
  value: SiteLinks;
  disabled: boolean;
  saving: boolean;
  save: (value: SiteLinks) => Promise<boolean>;
}

/** The public site's community and social links; a button or icon whose link is empty is not shown. */
export function LinksSection({ value, disabled, saving, save }: Props) {
  const [draft, setDraft] = useState<SiteLinks>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(value), [value]);
  const changed = FIELDS.some((f) => draft[f.key] !== value[f.key]);

  function submit() {
    const parsed = siteLinksSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void save(parsed.data);
  }

  return (
    <Card title="Community & Social Links" data-testid="section-links">
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        Leave a link empty to hide its button or icon on the site.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Row gutter={16}>
          {FIELDS.map((f) => (
            <Col key={f.key} xs={24} md={12}>
              <Form.Item label={f.label} htmlFor={`link-${f.key}`} extra={errors[f.key] ? undefined : f.help} validateStatus={errors[f.key] ? 'error' : undefined} help={errors[f.key]}>
                <Input
                  id={`link-${f.key}`}
                  type="url"
                  placeholder="https://"
                  value={draft[f.key]}
                  disabled={disabled}
                  onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button onClick={submit} disabled={disabled || !changed} loading={saving}>
          Save Links
        </Button>
      </Form>
    </Card>
  );
}
