// The baseline of the first-load row: an empty React page built by the same Vite.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>empty</p>);
