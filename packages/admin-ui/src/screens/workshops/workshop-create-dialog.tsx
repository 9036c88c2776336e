import { workshopDefaults, type Workshop } from '@workshop/shared';
import { Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { readWorkshopForm, recheckChanged, toFormValues, WorkshopFields, type WorkshopFormValues } from './workshop-form';
import { useAppApi } from '../../app/app-api';

/**
 * Create dialog, prefilled with the SPEC's defaults (date: now). The form is built afresh each
 * time the dialog opens (destroyOnHidden), so the defaults are its initial values: nothing
 * re-applies them later and wipes what the admin typed while the dialog was still animating in.
 */
export function WorkshopCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (w: Workshop) => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<WorkshopFormValues>();
  const [busy, setBusy] = useState(false);
  // Fresh defaults (date: now) as the dialog opens, not after its animation: typing started meanwhile is kept.
  useEffect(() => {
    if (open) form.setFieldsValue(toFormValues(workshopDefaults()));
  }, [open, form]);

  async function submit() {
    const input = readWorkshopForm(form, form.getFieldsValue(true));
    if (!input) return;
    setBusy(true);
    try {
      const created = await api.admin.workshops.create({ ...input, is_active: true, registration_open: true });
      message.success('Workshop created successfully');
      onCreated(created);
      onClose();
    } catch {
      message.error('Failed to create workshop');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Create Workshop"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="Create Workshop"
      confirmLoading={busy}
      destroyOnHidden
      width={640}
    >
      <Form<WorkshopFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={toFormValues(workshopDefaults())}
        preserve={false}
        onValuesChange={(changed) => recheckChanged(form, changed)}
      >
        <WorkshopFields form={form} />
      </Form>
    </Modal>
  );
}
