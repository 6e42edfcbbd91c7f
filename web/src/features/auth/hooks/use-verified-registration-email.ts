import { useQuery } from '@tanstack/react-query';
import { registrationStatusQueryOptions } from '../api/registration-status-query';

/**
 * The address this browser registered, once the verification link verified it (the registration
 * cookie's status, asked once): what the sign-in page the link opens fills in. Undefined while
 * not `wanted`, before the answer, and for any other browser.
 */
export function useVerifiedRegistrationEmail(wanted: boolean): string | undefined {
  const { data } = useQuery({
    ...registrationStatusQueryOptions(),
    enabled: wanted,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  return wanted && data?.verified ? data.email : undefined;
}
