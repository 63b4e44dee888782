import { RECAPTCHA_FAILED_MESSAGE, verifyHuman } from '@cadence/app-shell/auth/recaptcha';
import { useForm } from '@cadence/app-shell/auth/use-form';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { CONTACT_SUBMITTED_MESSAGE } from '@cadence/contracts/contact';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageViewBeacon } from '../analytics/use-page-view-beacon';
import { PageShell } from '../custom-pages/page-shell';
import { MessageField } from './message-field';

const RULES = {
  name: { isRequired: true, maxLength: 255 },
  email: { isRequired: true, isEmail: true },
  message: { isRequired: true, maxLength: 5000 },
};

/**
 * Spec 2.13 `/contact`: name, email, message (8 rows), at most 620 px wide; recaptcha first when
 * configured (spec 5); `POST contact-page` -> "Your message has been submitted." and back to /.
 */
export function ContactPage() {
  usePageViewBeacon();
  const { trans } = useTrans();
  const settings = useSettings();
  const navigate = useNavigate();
  const form = useForm({ name: '', email: '', message: '' }, RULES);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      if (!(await verifyHuman(settings, 'contact'))) {
        toast.danger(trans(RECAPTCHA_FAILED_MESSAGE));
        return;
      }
      await apiClient.post('contact-page', {
        name: form.values.name.trim(),
        email: form.values.email.trim(),
        message: form.values.message.trim(),
      });
      toast.positive(trans(CONTACT_SUBMITTED_MESSAGE));
      navigate('/');
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-[620px]" data-testid="contact-page">
        <h1 className="mb-2 text-3xl font-black">{trans('Contact us')}</h1>
        <p className="mb-8 text-muted">{trans('Send us a message and we will get back to you.')}</p>
        <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextField {...form.textField('name')} label={trans('Name')} autoComplete="name" />
          <TextField {...form.textField('email')} type="email" label={trans('Email')} autoComplete="email" />
          <MessageField {...form.textField('message')} label={trans('Message')} rows={8} />
          <Button type="submit" variant="primary" isDisabled={isPending} className="self-start">
            {trans('Send')}
          </Button>
        </form>
      </div>
    </PageShell>
  );
}
