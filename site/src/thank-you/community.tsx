import { Icon } from '../components/icon';
import { useSiteLinks } from '../lib/data';

/** 'Join the community': only the groups an admin has linked; nothing at all when there are none. */
export function Community() {
  const links = useSiteLinks();
  const groups = [
    { url: links.whatsapp_url, label: 'WhatsApp Group' },
    { url: links.discord_url, label: 'Discord Server' },
  ].filter((g) => g.url);
  if (groups.length === 0) return null;
  return (
    <>
      <h2 className="mt">Join the community</h2>
      <p className="muted">Meet the other participants before the day.</p>
      <div className="community">
        {groups.map((g) => (
          <a key={g.label} className="btn btn-outline" href={g.url} target="_blank" rel="noopener noreferrer">
            <Icon name="users" size={18} /> {g.label}
          </a>
        ))}
      </div>
    </>
  );
}
