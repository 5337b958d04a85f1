import { CategoryChips } from '../components/category-chips';
import { CityPicker } from '../components/city-picker';
import '@client/styles/home.css';

export function HomePage() {
  return (
    <div className="page home">
      <title>Bachat · Pay at the outlet, save instantly</title>

      <section className="home__intro" aria-labelledby="home-title">
        <h1 id="home-title" className="home__title">
          Find savings near you
        </h1>
        <CityPicker />
      </section>

      <section className="home__section" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          Browse by category
        </h2>
        <CategoryChips />
      </section>

      <section className="hero" aria-labelledby="hero-title">
        <span className="hero__badge" aria-hidden="true">
          ₹
        </span>
        <div>
          <h2 id="hero-title" className="hero__title">
            Pay your bill at the outlet and save instantly
          </h2>
          <p className="hero__text">
            Pick an outlet, enter your final bill and the discount applies on the spot, on top of
            the outlet&rsquo;s own offers.
          </p>
        </div>
      </section>
    </div>
  );
}
