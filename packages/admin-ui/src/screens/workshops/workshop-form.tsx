import {
  DISPLAY_TIME_ZONE,
  easternWallTimeToIso,
  formatCents,
  formatEventDate,
  isoToEasternWallTime,
  LIMITS,
  WORKSHOP_MESSAGES,
  workshopFieldsSchema,
  type Workshop,
  type WorkshopUpdateInput,
} from '@workshop/shared';
import { Col, Form, Input, InputNumber, Row, type FormInstance } from 'antd';

export interface WorkshopFormValues {
  title: string;
  description: string;
  /** Eastern wall-clock time, as an <input type="datetime-local"> holds it. */
  date_local: string;
  duration_hours: number | null;
  price_usd_cents: number | null;
  max_participants: number | null;
  /** Empty = none. */
  join_url: string;
  join_passcode: string;
  materials_url: string;
  recording_url: string;
}

type JoinFields = { join_url?: string | null; join_passcode?: string | null; materials_url?: string | null; recording_url?: string | null };

export function toFormValues(w: Pick<Workshop, 'title' | 'description' | 'date' | 'duration_hours' | 'price_usd_cents' | 'max_participants'> & JoinFields): WorkshopFormValues {
  return {
    title: w.title,
    description: w.description,
    date_local: isoToEasternWallTime(w.date),
    duration_hours: w.duration_hours,
    price_usd_cents: w.price_usd_cents,
    max_participants: w.max_participants,
    join_url: w.join_url ?? '',
    join_passcode: w.join_passcode ?? '',
    materials_url: w.materials_url ?? '',
    recording_url: w.recording_url ?? '',
  };
}

function easternIsoOrEmpty(local: string | undefined): string {
  try {
    return local ? easternWallTimeToIso(local) : '';
  } catch {
    return '';
  }
}

function parseWorkshopForm(values: WorkshopFormValues) {
  const date = easternIsoOrEmpty(values.date_local);
  return workshopFieldsSchema.omit({ is_active: true, registration_open: true }).safeParse({
    title: values.title ?? '',
    description: values.description ?? '',
    date,
    duration_hours: values.duration_hours ?? Number.NaN,
    price_usd_cents: values.price_usd_cents ?? Number.NaN,
    max_participants: values.max_participants ?? null,
    join_url: values.join_url ?? '',
    join_passcode: values.join_passcode ?? '',
    materials_url: values.materials_url ?? '',
    recording_url: values.recording_url ?? '',
  });
}

const fieldOf = (path: PropertyKey | undefined) => (path === 'date' ? 'date_local' : path) as keyof WorkshopFormValues;

/** Checks the form with the shared schema (the server's rules and messages); marks bad fields. */
export function readWorkshopForm(form: FormInstance<WorkshopFormValues>, values: WorkshopFormValues): WorkshopUpdateInput | null {
  const parsed = parseWorkshopForm(values);
  if (parsed.success) return parsed.data;
  form.setFields(parsed.error.issues.map((i) => ({ name: fieldOf(i.path[0]), errors: [i.message] })));
  return null;
}

/**
 * The Form's onValuesChange: a field the admin edits is checked again at once, so a message
 * under it goes as soon as its value is right (it stayed until the form was reopened).
 */
export function recheckChanged(form: FormInstance<WorkshopFormValues>, changed: Partial<WorkshopFormValues>): void {
  const names = Object.keys(changed) as (keyof WorkshopFormValues)[];
  const shown = names.filter((n) => form.getFieldError(n).length > 0);
  if (!shown.length) return;
  const parsed = parseWorkshopForm(form.getFieldsValue(true));
  const issues = parsed.success ? [] : parsed.error.issues;
  form.setFields(shown.map((name) => ({ name, errors: issues.filter((i) => fieldOf(i.path[0]) === name).map((i) => i.message) })));
}

/** The fields of a workshop; the date is entered and shown in Eastern time. */
export function WorkshopFields({ form }: { form: FormInstance<WorkshopFormValues> }) {
  const local = Form.useWatch('date_local', form);
  const cents = Form.useWatch('price_usd_cents', form);
  const iso = easternIsoOrEmpty(local);
  const preview = iso ? formatEventDate(iso) : '';
  return (
    <>
      <Form.Item label="Title" name="title" rules={[{ required: true, message: WORKSHOP_MESSAGES.titleRequired }]}>
        <Input maxLength={LIMITS.workshopTitle} />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} maxLength={LIMITS.workshopDescription} />
      </Form.Item>
      {/* No min/max on the number inputs: they would clamp silently; the schema's messages say what is allowed. */}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Date (Eastern Time)" name="date_local" extra={preview || `Entered in ${DISPLAY_TIME_ZONE}`}>
            <Input type="datetime-local" data-testid="workshop-date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Duration (hours)" name="duration_hours" extra={`${LIMITS.durationMin} to ${LIMITS.durationMax} hours`}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="workshop-duration" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* The price stays in cents (SPEC §5); the dollars beside it follow every keystroke. */}
          <Form.Item label="Price (USD cents)" name="price_usd_cents" extra="In cents: 9900 is $99.00">
            <InputNumber
              precision={0}
              style={{ width: '100%' }}
              data-testid="workshop-price"
              suffix={
                <span data-testid="price-dollars" aria-live="polite" style={{ color: '#6b7280', whiteSpace: 'nowrap' }}>
                  {typeof cents === 'number' && Number.isFinite(cents) ? `= ${formatCents(cents)}` : ''}
                </span>
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Max participants" name="max_participants" extra="Leave empty for unlimited">
            <InputNumber precision={0} placeholder="Unlimited" style={{ width: '100%' }} data-testid="workshop-max" />
          </Form.Item>
        </Col>
      </Row>
      {/* Only ever shown to people holding a paid booking, from shortly before the start. */}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Join link" name="join_url" extra="Where attendees join (Zoom, Meet…); paid attendees only">
            <Input type="url" placeholder="https://" maxLength={2000} data-testid="workshop-join-url" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Passcode" name="join_passcode" extra="Leave empty if the link needs none">
            <Input maxLength={100} autoComplete="off" data-testid="workshop-passcode" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Materials link" name="materials_url" extra="Slides or files, for paid attendees">
            <Input type="url" placeholder="https://" maxLength={2000} data-testid="workshop-materials-url" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Recording link" name="recording_url" extra="Sent to every attendee after the workshop, through a personal link that works for 30 days">
            <Input type="url" placeholder="https://" maxLength={2000} data-testid="workshop-recording-url" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
