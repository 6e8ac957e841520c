/**
 * Fictional name parts for demo players and podcast hosts. Combined at random they make names that
 * sound real without belonging to anyone in particular.
 * @module
 */

/** First names. */
export const FIRST_NAMES: readonly string[] = (
  'Aaron Adrian Alden Alvaro Amari Anders Andre Arlo Barrett Beckett Benito Boone Brady Brennan Caleb Callum ' +
  'Camden Cass Corbin Dante Darius Davion Deacon Declan Dorian Easton Elias Emeka Enzo Ezra Felix Finnian ' +
  'Gideon Graham Hayden Idris Ignacio Isaiah Jalen Jarrett Jasper Joaquin Jonah Kai Kendrick Keegan Lachlan ' +
  'Landry Lorenzo Malik Marcus Matteo Micah Milo Nico Nolan Oakley Omari Orson Pascal Quentin Rafael Reid ' +
  'Rhett Rocco Rowan Santino Silas Soren Tariq Teodor Thaddeus Tobias Tyrell Ulrich Vance Wade Xavier Yusuf ' +
  'Zane Zeke Anselm Bastian Cyrus Dashiell Emil Florian Hollis Ivo Kellan Leland Mateus Niall Osric Percy'
).split(' ');

/** Last names. */
export const LAST_NAMES: readonly string[] = (
  'Abernathy Achterberg Albright Alcorn Ashdown Babcock Balogun Barlowe Bellweather Birchall Blackwood ' +
  'Bramwell Brightman Calloway Carrow Castellan Chadwick Cheswick Colburn Corliss Crandall Dalrymple Danforth ' +
  'Delacroix Desmarais Dunleavy Eastwick Ellery Eltham Fairbanks Farrow Fenwick Fitzhugh Galloway Garrity ' +
  'Gillespie Goodfellow Greaves Hallorann Harrowgate Hartigan Hawthorne Holloway Huxley Ingram Iverson Jessup ' +
  'Kavanagh Kettering Kincaid Lachance Langford Larkspur Lockridge Loxley Maddox Marchetti Mayhew Merriweather ' +
  'Montclair Morrow Nakamura Northcott Oakhurst Okonkwo Olander Ortega Pemberton Penhallow Quarles Radcliffe ' +
  'Ravenscroft Redfern Rockwell Rutledge Salcedo Satterfield Selwyn Sheffield Slattery Stanhope Stroud ' +
  'Sutherland Tallis Tavares Thackeray Thornbury Tolliver Trevelyan Underhill Vandermeer Varga Vaughan ' +
  'Wainwright Walcott Westbrook Whitcombe Wickham Winslow Woodhouse Wrenfield Yardley Yates Zamora Zeller ' +
  'Ambrose Banfield Coldwell Drummond Everhart Falkner Gatling Hendry Ibarra Jourdan Kessler Lindqvist Mbeki'
).split(' ');

/** First names for WNBA rosters. */
export const FEMALE_FIRST_NAMES: readonly string[] = (
  'Adaeze Alina Amara Anneliese Aria Beatrix Brielle Camila Cassia Celeste Dalia Delphine Eden Elodie Esme ' +
  'Fallon Freya Gemma Giselle Harlow Imani Ines Isla Jada Juniper Kaia Keira Kenna Larissa Leona Lucia Maren ' +
  'Marisol Nadia Nia Noemi Odette Paloma Priya Quinn Renata Rosalind Sabine Saoirse Selah Tamsin Thea Valeria Wren Zuri'
).split(' ');
