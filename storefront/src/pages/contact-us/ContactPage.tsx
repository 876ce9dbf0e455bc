import { useState } from 'react';
import { CONTACT_FIELD_LIMITS, MESSAGES } from '@larder/shared-domain';
import { useSendContactMessageMutation } from '@larder/shared-state';
import { Button, TextArea, TextInput, useDocumentTitle } from '@larder/shared-ui';
import { envelope } from '../../assets/emoji';
import { Emoji } from '../../components/Emoji';
import { useSendForm } from '../../components/useSendForm';

const EMPTY = { name: '', email: '', phone: '', message: '' };
type ContactForm = typeof EMPTY;

const CONTACT_PHONE = '+44 20 7946 0321';
const CONTACT_EMAIL = 'support@larder.co.uk';

/** Contact form (all fields required by the browser); a sent message shows the success note and clears the form. */
export default function ContactPage() {
  useDocumentTitle('Contact us');
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [send, { isLoading }] = useSendContactMessageMutation();
  // A refused message only leaves the success note hidden.
  const { submit, answer } = useSendForm(
    () => send({ sendContactMessageDto: form }).unwrap(),
    () => setForm(EMPTY),
  );

  const field = (name: keyof ContactForm) => ({
    name,
    maxLength: CONTACT_FIELD_LIMITS[name],
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
    },
  });

  return (
    <section className="py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-gray-600">
        Questions about an order, a delivery or our products? Send us a message and we will get back to you.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-gray-200 p-5 md:p-8">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput label="Name" autoComplete="name" required {...field('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          </div>
          <TextInput label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextArea
            label="Message"
            rows={6}
            required
            hint={`Up to ${CONTACT_FIELD_LIMITS.message.toLocaleString('en-GB')} characters.`}
            {...field('message')}
          />
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" loading={isLoading}>
              Send Message
            </Button>
            <p role="status" className="text-sm font-medium text-primary">
              {answer?.success && MESSAGES.contactSent}
            </p>
          </div>
        </form>
        <aside aria-labelledby="contact-details-heading" className="rounded-xl bg-primary-soft/50 p-5 md:p-8">
          <Emoji body={envelope} className="h-12 w-12" />
          <h2 id="contact-details-heading" className="mt-4 text-lg font-semibold text-gray-900">
            Get in touch
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="font-medium text-gray-900">Where we are</dt>
              <dd className="mt-1 text-gray-700">Based in London, UK</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">Phone</dt>
              <dd className="mt-1">
                <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`} className="text-primary hover:underline">
                  {CONTACT_PHONE}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">Email</dt>
              <dd className="mt-1">
                <a href={`mailto:${CONTACT_EMAIL}`} className="break-all text-primary hover:underline">
                  {CONTACT_EMAIL}
                </a>
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm text-gray-700">We answer messages Monday to Saturday, 9:00 to 18:00.</p>
        </aside>
      </div>
    </section>
  );
}
