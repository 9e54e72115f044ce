import { Group } from '../ui/Group';
import { Text } from '../ui/Text';
import { ActionIcon } from '../ui/ActionIcon';
import { useMutation } from '../data';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { use } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useLocation } from '../router';
import { SessionActionsContext } from '../session/session';
import { apiError } from '../data/apiError';
import { Hint } from './Hint';
import { ADD_TO_WISH_LIST, REMOVE_FROM_WISH_LIST } from './operations';
import { useViewer } from './useViewer';

interface FavouriteStarProps {
  adId: string;
  isFavorite: boolean;
  /** The ad's title, named in the button's label. */
  title: string;
}

/**
 * Adds an ad to the signed-in user's favourites or removes it; a visitor is taken to sign in, and an
 * impersonator has no star (spec 01 §2, §6). A refused change leaves the star as it was and says why.
 */
export function FavouriteStar({ adId, isFavorite, title }: FavouriteStarProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  // Optional: a card rendered outside the app's session (a component test) still shows its star.
  const sessionActions = use(SessionActionsContext);
  // The wish list's pages are dropped from the cache, so a shown one reloads and a later visit is fresh.
  const [add, added] = useMutation(ADD_TO_WISH_LIST, {
    update(cache) {
      cache.evict({ fieldName: 'myWishList' });
    },
  });
  const [remove, removed] = useMutation(REMOVE_FROM_WISH_LIST, {
    update(cache, { data }) {
      if (!data?.removeFromWishList) return;
      cache.modify({ id: cache.identify({ __typename: 'Opportunity', id: adId }), fields: { isFavorite: () => false } });
      cache.evict({ fieldName: 'myWishList' });
    },
  });

  if (viewer.impersonator) return null;
  if (!viewer.signedIn) {
    const label = t('catalogue.favourite.signInToAdd', { title });
    return (
      <Hint label={label}>
        <ActionIcon
          component={Link}
          to="/signin"
          variant="subtle"
          color="yellow"
          aria-label={label}
          onClick={() => sessionActions?.rememberFavourite({ adId, returnTo: `${location.pathname}${location.search}` })}
        >
          <IconStar size={20} />
        </ActionIcon>
      </Hint>
    );
  }

  const busy = added.loading || removed.loading;
  const failure = added.error ?? removed.error;
  const label = t(isFavorite ? 'catalogue.favourite.remove' : 'catalogue.favourite.add', { title });
  const toggle = () => {
    const variables = { opportunityId: adId };
    // The outcome (including a refusal) is shown from the mutation's state.
    void (isFavorite ? remove({ variables }) : add({ variables })).catch(() => undefined);
  };

  return (
    <Group gap={4} wrap="nowrap">
      {failure && (
        <Text size="xs" c="red" role="alert" maw={160} lineClamp={2}>
          {apiError(failure).message}
        </Text>
      )}
      <Hint label={label}>
        <ActionIcon variant="subtle" color="yellow" aria-label={label} aria-pressed={isFavorite} loading={busy} onClick={toggle}>
          {isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
        </ActionIcon>
      </Hint>
    </Group>
  );
}
