// The user's notifications, written as sentences, newest first.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { userQueries } from './client.js';
import { formatDate } from './format.js';
import { Link } from './Link.js';
import { notificationText } from './notification-text.js';
import { ProductImage } from './ProductImage.js';
import { Failed, Loading } from './Status.js';

export function NotificationsPage(props: { userId: number }) {
  const uq = useMemo(() => userQueries(props.userId), [props.userId]);
  const notifications = useQuery(uq.notifications.list({ per: 25 }));
  if (notifications.error)
    return <Failed error={notifications.error} retry={() => void notifications.refetch()} />;
  if (!notifications.data) return <Loading what="notifications" />;
  const items = notifications.data.items;
  return (
    <section>
      <h1 data-testid="title">Notifications</h1>
      {items.length === 0 ? (
        <p className="status">No news yet. Favorites tell you when their price changes.</p>
      ) : (
        <ul className="rows" data-testid="notifications">
          {items.map((notification) => {
            const text = notificationText(notification);
            const skuId =
              notification.sku?.id ??
              (notification.eventable_type === 'Sku' ? notification.eventable_id : null);
            return (
              <li
                key={notification.id}
                className={notification.is_viewed ? 'row notification' : 'row notification unread'}
                data-testid="notification"
              >
                <span className="icon" aria-hidden="true">
                  {text.icon}
                </span>
                <ProductImage src={notification.sku?.images.main} alt="" className="thumb small" />
                <div className="grow">
                  <div className="title">
                    {skuId ? <Link to={`/s/${skuId}`}>{text.title}</Link> : text.title}
                  </div>
                  {text.detail && <div className="detail">{text.detail}</div>}
                  {/* Under the text, not beside it: on a phone the text keeps the row's width. */}
                  <div className="muted small">{formatDate(notification.created_at)}</div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
