import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { CATEGORY_LIST } from '@expiry-radar/shared/domain/categories';
import { paths } from '../../lib/paths';
import { Bullets, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs. */
export function DocsOverviewPage() {
  return (
    <DocsArticle
      title="Expiry Radar documentation"
      documentTitle="Docs"
      lead="Expiry Radar keeps one inventory of everything with an expiry date and alerts the right people before it lapses. This guide covers the concepts and every screen."
    >
      <DocsSection title="Concepts">
        <Bullets
          items={[
            <>
              <strong>Tokens</strong> are the items you track. Each belongs to one of four
              categories: {CATEGORY_LIST.map((c) => c.label).join(', ')}.
            </>,
            <>
              <strong>Workspaces</strong> hold tokens. You get a personal workspace; paid plans add
              more and let you invite members with roles.
            </>,
            <>
              <strong>Alerts</strong> go out by email and webhooks at set days before expiry, to the
              workspace&apos;s contacts or a token&apos;s contact group.
            </>,
            <>
              <strong>The audit log</strong> records every change: who, what, where and when.
            </>,
          ]}
        />
      </DocsSection>
      <DocsSection title="Getting started">
        <Bullets
          items={[
            'Create an account and verify your email address with the link we send.',
            'On the dashboard, choose a category and type, give the token a name and an expiry date, and add the details that help whoever renews it.',
            <>
              Open{' '}
              <Link component={RouterLink} to={paths.preferences}>
                Preferences
              </Link>{' '}
              and turn on email alerts or add a webhook. Until a channel is defined, alerts are
              disabled.
            </>,
            'When you renew an item, use Renew on its row and set the new date: the alerts start over for it.',
          ]}
        />
        <P>
          Read on about{' '}
          <Link component={RouterLink} to={paths.docsTokens}>
            tokens
          </Link>
          ,{' '}
          <Link component={RouterLink} to={paths.docsAlerts}>
            alerts
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to={paths.docsTeams}>
            teams
          </Link>
          , or automate with the{' '}
          <Link component={RouterLink} to={paths.docsApi}>
            API
          </Link>
          .
        </P>
      </DocsSection>
    </DocsArticle>
  );
}
