import type { IconName } from '../components/icon';

/** Landing copy shared by the home sections and their own pages (SPEC §1 claims). */
export const SKILLS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'lock', title: 'Secure Logins', text: 'Add sign-up, sign-in and roles so the right people see the right data, with no security code to write.' },
  { icon: 'zap', title: 'Real-Time Updates', text: 'Screens that refresh the moment data changes: live dashboards, order boards and team to-do lists.' },
  { icon: 'link', title: 'Seamless Integrations', text: 'Connect payments, email, spreadsheets and your favourite tools through ready-made connectors.' },
  { icon: 'send', title: 'Instant Deployment', text: 'Publish to the web in one click and share a real link with customers before the session ends.' },
];

export const OUTCOMES = [
  'A working app of your own, live on the internet',
  'A data model for your business: customers, orders, bookings',
  'Forms, dashboards and automations built visually',
  'A repeatable process to build your next app in about 2 hours',
  'Confidence to brief, build or replace costly custom software',
  'A certificate of completion and 30 days of recordings',
];

export const WHY_NO_CODE = [
  { value: '80%', label: 'cost saving', text: 'versus hiring a development agency for a first version.' },
  { value: '5x', label: 'faster', text: 'from idea to a working app than traditional development.' },
  { value: '2 hrs', label: 'to your first app', text: 'with the step-by-step method you learn in the workshop.' },
];

export const WHY_POINTS = [
  { title: 'No developers to wait for', text: 'Change a form or a report yourself, the same day the idea comes up.' },
  { title: 'Test ideas cheaply', text: 'Launch a version in days, learn from real users, then invest in what works.' },
  { title: 'Own your tools', text: 'Replace scattered spreadsheets and paid subscriptions with apps shaped around your business.' },
];

export const AUDIENCE: { icon: IconName; title: string; text: string }[] = [
  { icon: 'bag', title: 'Small business owners', text: 'Replace spreadsheets and paper with a custom app for bookings, stock or customers.' },
  { icon: 'star', title: 'Entrepreneurs', text: 'Turn an idea into a working product you can show investors and first customers.' },
  { icon: 'users', title: 'Team leaders', text: 'Build the internal tools your team keeps asking for, without a backlog.' },
  { icon: 'target', title: 'Problem solvers', text: 'Anyone who sees a process that could be better and wants to fix it themselves.' },
];

export const INDUSTRIES = ['Retail & e-commerce', 'Education & coaching', 'Healthcare & clinics', 'Real estate', 'Consulting & agencies', 'Non-profits', 'Hospitality', 'Logistics'];

export const BRING = [
  'A laptop (Windows, Mac or Chromebook)',
  'A stable internet connection (5 Mbps or better)',
  'A business idea or a process you want to improve',
  'About 5 hours (hours may vary)',
  'Willingness to learn by doing',
];

export const INCLUDED: { icon: IconName; title: string; text: string }[] = [
  { icon: 'video', title: '5 hours of live training', text: 'Build alongside the instructor, step by step, with time for your questions.' },
  { icon: 'replay', title: 'Recordings for 30 days', text: 'Rewatch any part of the session at your own pace for a full month.' },
  { icon: 'book', title: 'Templates & materials', text: 'Starter templates, checklists and the slides, emailed after payment.' },
  { icon: 'message', title: 'Community access', text: 'Join fellow builders to share progress and get unstuck after the workshop.' },
  { icon: 'award', title: 'Certificate of completion', text: 'Show what you built and what you learned.' },
  { icon: 'shield', title: '7-day full refund', text: 'Change of plans? Cancel more than 7 days before and get your money back.' },
];

export const INSTRUCTOR = {
  name: 'Your instructor',
  role: 'No-code product builder and trainer',
  bio: 'A product builder who has spent 5+ years shipping business apps on no-code platforms for startups, shops and teams, and has taught 100+ students from 7+ countries how to do the same.',
  stats: [
    { value: '5+', label: 'Years building' },
    { value: '10+', label: 'Apps built' },
    { value: '100+', label: 'Students taught' },
  ],
};

export const FAQ = [
  { q: 'Do I need any coding experience?', a: 'No. The workshop is designed for complete beginners. If you can use a spreadsheet, you can build an app with us.' },
  { q: 'How long is the workshop?', a: 'About 5 hours of live training, including short breaks. The exact number of hours may vary with the group’s questions.' },
  { q: 'What if I miss part of the live session?', a: 'Every session is recorded. You get access to the recordings for 30 days after the workshop.' },
  { q: 'What do I need to bring?', a: 'A laptop, a stable internet connection and an idea or process you want to turn into an app.' },
  { q: 'Will I really have a working app at the end?', a: 'Yes. You build and deploy a real app during the session, and you leave with a link you can share.' },
  { q: 'How do I join the workshop?', a: 'After payment you receive an email with your access ID, the workshop link and the materials. Check your junk or spam folder if you do not see it.' },
  { q: 'What is the refund policy?', a: 'Cancel more than 7 days before the workshop for a full refund (minus a small processing fee). See our Cancellation & Refund policy for details.' },
  { q: 'How big are the groups?', a: 'Small. Saturday workshops are limited to 20 participants so everyone gets help, and they run even with just 1 registration.' },
];

export const PLATFORM_FEATURES: { icon: IconName; title: string; text: string }[] = [
  { icon: 'layout', title: 'Visual builder', text: 'Drag and drop screens, forms and lists; see every change instantly.' },
  { icon: 'database', title: 'Built-in database', text: 'Tables, relations and permissions without setting up a server.' },
  { icon: 'lock', title: 'Authentication', text: 'Email and social logins with roles out of the box.' },
  { icon: 'repeat', title: 'Workflows & automations', text: 'Send emails, take payments and call APIs when data changes.' },
  { icon: 'phone', title: 'Responsive by default', text: 'Apps look right on phones, tablets and desktops.' },
  { icon: 'globe', title: 'One-click deployment', text: 'Publish to a secure URL or your own domain in seconds.' },
];
