import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Download, {InstallSteps} from './_components/Download';

export default function DownloadPage(): ReactNode {
  return (
    <Layout
      title="Download the conda-forge installer"
      description="Download Miniforge, the minimal installer that sets up conda and mamba with conda-forge as the default channel."
    >
      <main className="container margin-vert--lg">
        <h1>Download the conda-forge installer</h1>
        <p className="cf-prose">
          Miniforge is conda-forge’s small installer: it sets up <code>conda</code> and <code>mamba</code> with{' '}
          <code>conda-forge</code> as the only channel.
        </p>
        <Download />
        <h2>Installation</h2>
        <InstallSteps />
        <p className="cf-prose">
          Unattended installs, uninstalling and other details are covered in the{' '}
          <a href="https://github.com/conda-forge/miniforge/?tab=readme-ov-file#install">Miniforge README</a>. Coming
          from Anaconda’s channels? Read{' '}
          <Link to="/docs/user/transitioning_from_defaults/">transitioning from defaults</Link>.
        </p>
      </main>
    </Layout>
  );
}
