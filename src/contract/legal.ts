/**
 * The words of /terms and /privacy (docs/security.md "What we store"). What the privacy
 * page lists is read from the database schema: change it when a table starts keeping
 * something new about a person.
 */

interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** What is kept, one line each. */
  items?: readonly string[];
}

export interface LegalPage {
  title: string;
  heading: string;
  lead: string;
  sections: readonly LegalSection[];
}

export const PRIVACY: LegalPage = {
  title: 'Privacy Policy',
  heading: 'Privacy Policy',
  lead: 'What Audition keeps about you, why, and how to have it removed. We keep only what the portal needs to work, and we never sell it.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: ['To create and protect your account we keep:'],
      items: [
        'your name, e-mail address and phone number, as you typed them at sign-up;',
        'your password, only as a one-way hash: nobody, us included, can read it back;',
        'while a sign-up waits for its code: the same details and a hash of the code, for at most 10 minutes;',
        'your e-mail choices (which notifications are mailed to you).',
      ],
    },
    {
      heading: 'Your profile',
      paragraphs: ['So studios can find and judge your work, your profile keeps what you fill in:'],
      items: [
        'title, gender, category, profile link, visibility and location;',
        'appearance: age, height, weight, body type, hair and eye colour;',
        'your profile picture.',
      ],
    },
    {
      heading: 'Your media',
      paragraphs: [
        'The photos, videos and audio you upload are stored with their type, size and the date they were added, and shown on your profile. When you delete one, or your account, the files are removed from storage too.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'When you buy a plan we keep the order and the payment record: the plan, the amount and currency, the date, its status and the payment provider’s ids. Card details are handled by the provider (PayPal) and never reach us. Payment records are kept for accounting even after an account is deleted, without your name.',
      ],
    },
    {
      heading: 'Applications and messages',
      paragraphs: [
        'When you apply to a job we keep the application and its status, so the studio can see it and you can follow it. Messages between you and a studio are kept so both of you can read the conversation. Messages sent through the contact form keep the e-mail, phone number and text you wrote, so we can answer, and the account you were logged in with, if any: only those are in your export and go when you delete your account.',
      ],
    },
    {
      heading: 'Performers under 18',
      paragraphs: [
        'If you give a date of birth we keep it, and keep your profile’s age in step with it. Under 18 we also keep your guardian’s name and e-mail, the consent link we mailed them (only as a hash, for 14 days until they consent) and the history of their consent: when the link was sent, when they consented or withdrew, and when you turned 18. Studios see only that you are under 18 and that a guardian consented, never your guardian’s e-mail. Every message a studio sends you is also e-mailed to your guardian. Your guardian’s details and the consent history are in your export and go when you delete your account.',
      ],
    },
    {
      heading: 'Security records',
      paragraphs: [
        'To stop password guessing and abuse we count attempts per e-mail and per network address for a limited time, and keep password-reset requests (as hashes) until they expire.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can change your profile at any time, remove any photo, video or audio, and delete your account at /settings: your profile, media and applications go with it. For anything else, write to us at /contact.',
      ],
    },
  ],
};

export const TERMS: LegalPage = {
  title: 'Terms',
  heading: 'Terms of use',
  lead: 'The rules of using Audition, in plain words.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You sign up with your own e-mail address and keep your password to yourself. One e-mail is one account, of a performer or of a studio. You are responsible for what is done with your account.',
      ],
    },
    {
      heading: 'What you post',
      paragraphs: [
        'Post only photos, videos, audio and texts that are yours or that you may share, and that show no one without their consent. We may remove what breaks the law or these terms, and close accounts that keep doing so.',
      ],
    },
    {
      heading: 'Studios and jobs',
      paragraphs: [
        'Studios describe their jobs truthfully and use what performers share only to cast them. Audition connects performers and studios; agreements about a job are between them.',
      ],
    },
    {
      heading: 'Plans and payments',
      paragraphs: [
        'A plan lasts for its stated days from the moment it is paid. Buying a better plan while one is running starts it at once and credits the unused days of the old one at their value; a cheaper plan can be bought when the current one ends, so no paid day is lost. Prices are shown in rupees and charged in US dollars by the payment provider.',
      ],
    },
    {
      heading: 'Privacy',
      paragraphs: ['What we keep about you and why is in the Privacy Policy.'],
    },
  ],
};
