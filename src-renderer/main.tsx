import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { installCommandSources } from './app/command-bus';
import { createAppStore } from './app/store';
import { cssVariablesResolver, theme } from './app/theme';

installCommandSources();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <Provider store={createAppStore()}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <App />
      </MantineProvider>
    </Provider>
  </StrictMode>,
);
