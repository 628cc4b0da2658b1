import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

/**
 * antd-mobile renders Toast, Dialog and other imperative UI through this function. With React 19 its
 * default (legacy ReactDOM.render) renders nothing, so it is pointed at createRoot (antd-mobile's
 * documented adapter); it is the right call on React 18 as well. Loaded right after the first render so
 * that rc-util stays off the first screen.
 */
export const setupAntdRender = (): void => {
  unstableSetRender((node, container) => {
    const target = container as Element & { __appRoot?: ReturnType<typeof createRoot> };
    target.__appRoot ??= createRoot(target);
    const root = target.__appRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete target.__appRoot;
    };
  });
};
