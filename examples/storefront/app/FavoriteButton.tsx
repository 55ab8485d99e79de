// A favorite that shows its state and toggles: the SKU's favorite is read first
// (favorites.forSku), then created or deleted; after either, the state is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { userQueries } from './client.js';

export function FavoriteButton(props: { skuId: number; userId: number }) {
  const queryClient = useQueryClient();
  const uq = useMemo(() => userQueries(props.userId), [props.userId]);
  const state = useQuery(uq.favorites.forSku(props.skuId));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: uq.favorites.forSku(props.skuId).queryKey });
  const create = useMutation({ ...uq.favorites.create.mutation(), onSettled: refresh });
  const remove = useMutation({ ...uq.favorites.delete.mutation(), onSettled: refresh });
  const favorite = state.data?.[0];
  const on = favorite !== undefined;
  const busy = !state.data || state.isFetching || create.isPending || remove.isPending;
  const failed = create.error ?? remove.error;
  return (
    <div className="favorite">
      <button
        type="button"
        data-testid="favorite"
        className={on ? 'on' : undefined}
        aria-pressed={on}
        disabled={busy}
        onClick={() => (favorite ? remove.mutate(favorite.id) : create.mutate({ sku_id: props.skuId }))}
      >
        {on ? '♥ Saved to favorites' : '♡ Add to favorites'}
      </button>
      {failed && <span className="error small">{failed.message}</span>}
    </div>
  );
}
