import { toast } from '../lib/toast';

/** Native share sheet, else the text and the site's address copied to the clipboard. */
export async function shareWorkshop(title: string) {
  const text = `I just booked my seat at the ${title}! Join me:`;
  if (navigator.share) {
    try {
      await navigator.share({ title, text, url: location.origin });
      return;
    } catch {
      // Dismissed share sheet: fall through to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(`${text} ${location.origin}`);
    toast({ title: 'Link copied!', description: 'Share it with a friend who should join you.', variant: 'success' });
  } catch {
    toast({ title: 'Could not copy', description: `Share this link: ${location.origin}`, variant: 'destructive' });
  }
}
