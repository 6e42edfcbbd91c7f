import { describeRouteProperties } from '../../test-support/route-properties';

describeRouteProperties('scim');
