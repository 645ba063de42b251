import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import StatusDashboard from './_components/StatusDashboard';

export default function StatusPage(): ReactNode {
  return (
    <Layout
      title="Status"
      description="Live status of conda-forge's infrastructure, cloud services, migrations and version updates."
    >
      <main className="container margin-vert--lg">
        <h1>conda-forge status</h1>
        <p className="cf-prose">
          The state of the services conda-forge depends on, read live from their sources. Ongoing incidents are
          announced in the <a href="https://github.com/conda-forge/status/issues">conda-forge/status</a> repository.
        </p>
        <StatusDashboard />
      </main>
    </Layout>
  );
}
