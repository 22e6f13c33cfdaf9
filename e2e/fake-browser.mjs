// A stand-in for the user's browser in e2e tests (set as $BROWSER): it loads the URL it is given and
// follows redirects, as a browser does when the user clicks Allow on an authorization page.
let next = process.argv[2];
for (let hop = 0; hop < 10 && next; hop++) {
  const res = await fetch(next, { redirect: 'manual' });
  const location = res.headers.get('location');
  next = location ? new URL(location, next).href : undefined;
}
