import { useQuery } from '@tanstack/react-query';
import { registrationStatusQueryOptions } from '../api/registration-status-query';

/**
 * While `waiting` (the waiting page after registering, with no session to check), whether the
 * address was verified meanwhile, perhaps in another browser or on a phone.
 */
export function useRegistrationVerified(waiting: boolean): boolean {
  const { data } = useQuery({ ...registrationStatusQueryOptions(), enabled: waiting });
  return waiting && data?.verified === true;
}
