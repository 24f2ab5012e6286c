import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser } from './get-user';

// The query lives apart from the fetcher: the auth store calls getUser outside React, and that must not
// pull the query library into the pages a signed-in visitor sees before opening a service.
export const getUserQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['users', uid], queryFn: () => getUser(uid) });

export const useUser = (uid: string) => useQuery(getUserQueryOptions(uid));
