/**
 * The floor of `npm run bench -- lighthouse` (scripts/lib/lighthouseBench.ts): a bare React +
 * react-dom + react-router page of the landing's shape (a header, a heading, a lead paragraph,
 * three plan cards with name, price and button, a footer) and no app code. What the framework
 * alone costs on the same machine, in the same run, served the same way.
 */
import './floor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const PLANS = [
  { id: 'monthly', name: 'Monthly', price: '$9.99 / month' },
  { id: 'annual', name: 'Annual', price: '$59.99 / year' },
  { id: 'lifetime', name: 'Lifetime', price: '$149.99 once' },
];

function Landing() {
  return (
    <>
      <header>Codeling</header>
      <main>
        <h1>Start your free trial today!</h1>
        <p>Choose a plan to get your kids coding. Try Codeling completely free for 7 days. Cancel anytime.</p>
        <section className="plans" aria-label="Choose your plan">
          {PLANS.map((plan) => (
            <article className="card" key={plan.id}>
              <h2>{plan.name}</h2>
              <p>{plan.price}</p>
              <button type="button">Sign up for your free trial</button>
            </article>
          ))}
        </section>
      </main>
      <footer>© Codeling</footer>
    </>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Landing /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
