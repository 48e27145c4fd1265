import { Icon, useLayout } from '../ui/index.ts';

/** The agency's two direct lines, as buttons: an e-mail link and its phone. */
export function ContactButtons({ email, emailLabel, phoneLabel }: { email: string; emailLabel: string; phoneLabel: string }) {
  const { phone } = useLayout().agency;
  return (
    <div className="button-row">
      <a href={email} className="button button--secondary">
        <Icon name="mail" />
        {emailLabel}
      </a>
      <a href={phone.href} className="button button--secondary">
        <Icon name="phone" />
        {phoneLabel}
        <span className="visually-hidden"> {phone.display}</span>
      </a>
    </div>
  );
}
